import ListState
import Mustache

/// The parsed templates the routes render: built-in ones, replaced file by
/// file by the user's override folder. Parsed once, at start, in strict mode:
/// a template that does not parse or names a missing partial stops the server
/// from starting, so no request ever gets half a page.
public struct PageTemplates: Sendable {
    /// The templates the routes render directly; each must exist.
    static let required = ["layout", "list", "list-region", "region", "rows", "continuation", "row", "footer",
                           "placeholder", "placeholder-body", "placeholder-button", "offline-templates", "message", "gallery",
                           "character", "search", "scripts", "table-row", "table-controls", "table-list-controls", "table-detail", "table-index", "region-extras",
                           "table-region-extras"]
        + PlaceholderKind.allCases.map { "placeholder-\($0.rawValue)" }

    let library: TemplateLibrary
    /// The same templates for a list over a table: its `row` and `search`
    /// partials are `table-row` and `table-controls`, so `list`, `region`
    /// and `continuation` draw any table's rows.
    let tableLibrary: TemplateLibrary

    /// The libraries of the lists whose row or detail template the override
    /// folder replaces (`lists/NAME/row.mustache`, `lists/NAME/detail.mustache`,
    /// NAME tilde-encoded), by that folder's name.
    let listLibraries: [String: TemplateLibrary]

    /// The partials a list over a table draws in place of the catalogue's.
    static let tableParts = ["row": "table-row", "search": "table-controls", "region-extras": "table-region-extras"]
    /// The templates a list's own folder may replace, and the table template each stands for.
    static let listParts = ["row": "row", "detail": "table-detail"]

    /// Loads the built-in templates and, if given, the overrides in `directory`.
    /// - Throws: `AppError` naming the file, line and column of the first problem.
    public init(overrideDirectory directory: String? = nil) throws(AppError) {
        var sources = BuiltInResources.templates
        var paths: [String: String] = [:]
        for name in sources.keys { paths[name] = "Templates/\(name).mustache" }
        if let directory {
            let overrides = try BuiltInResources.templates(in: directory)
            sources.merge(overrides.sources) { _, new in new }
            paths.merge(overrides.paths) { _, new in new }
        }
        for name in Self.required where sources[name] == nil { throw AppError.missingTemplate(name) }
        do {
            let templates = try sources.keys.sorted().map { name in
                try Template(source: sources[name] ?? "", name: name, path: paths[name])
            }
            library = try TemplateLibrary(templates: templates, strict: true)
            let tableTemplates = try templates.map { template in
                guard let replacement = Self.tableParts[template.name] else { return template }
                return try Template(source: sources[replacement] ?? "", name: template.name, path: paths[replacement])
            }
            tableLibrary = try TemplateLibrary(templates: tableTemplates, strict: true)
            var libraries: [String: TemplateLibrary] = [:]
            let lists = try directory.map { directory throws(AppError) in try BuiltInResources.listTemplates(in: directory) } ?? [:]
            for (list, files) in lists {
                let replaced = try tableTemplates.map { template in
                    guard let file = Self.listParts.first(where: { $0.value == template.name })?.key,
                          let source = files.sources[file] else { return template }
                    return try Template(source: source, name: template.name, path: files.paths[file])
                }
                libraries[list] = try TemplateLibrary(templates: replaced, strict: true)
            }
            listLibraries = libraries
        } catch let error as MustacheError {
            throw AppError.template(error)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.cannotReadTemplates(directory ?? "Templates", reason: "\(error)")
        }
    }

    /// Whether a template (built-in or override) is named `name`.
    func contains(_ name: String) -> Bool {
        library.template(named: name) != nil
    }

    /// Renders template `name` with `context` into bytes.
    func render(_ name: String, _ context: MustacheValue) -> Result<[UInt8], any Error> {
        Result { try library.render(name, context) }
    }

    /// Renders `name` for a list over a table (see ``tableLibrary``): the
    /// list's own library when its folder (`list`, the tilde-encoded name) has one.
    func renderForTable(_ name: String, _ context: MustacheValue, list: String? = nil) -> Result<[UInt8], any Error> {
        let library = list.flatMap { listLibraries[$0] } ?? tableLibrary
        return Result { try library.render(name, context) }
    }
}
