import Mustache
import Testing

/// Renders `template` (named `main`) with `partials` beside it.
func render(
    _ template: String, _ data: MustacheValue = [:], partials: [String: String] = [:], strict: Bool = false
) throws -> String {
    var sources = partials
    sources["main"] = template
    let library = try TemplateLibrary(sources: sources, strict: strict)
    return try library.renderString("main", data)
}

/// The error parsing `source` throws, or `nil` when it parses.
func parseError(_ source: String, path: String = "t.mustache") -> MustacheError? {
    do {
        _ = try Template(source: source, name: "t", path: path)
        return nil
    } catch let error as MustacheError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}
