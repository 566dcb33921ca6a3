// fuzz-template: the Mustache template parser (Template(source:) and
// TemplateLibrary, Sources/Mustache).
//
// Properties:
// - the parser either returns a template or throws a MustacheError of a parse
//   kind whose line and column lie inside the input (line 1...number of lines,
//   column 1...length of that line + 1, in Unicode scalars), and whose
//   description starts with `name:line:col: error:`;
// - a strict library reports a missing partial or parent at a place inside the
//   input, and only for a name the template really references;
// - a parsed template renders (on its own, and in a library with a partial)
//   without a crash, and rendering twice gives the same text. Self-referencing
//   templates are not rendered: `{{>t}}{{>t}}` doubles its output at every level,
//   which is the nature of recursive partials, not a parser bug (templates are
//   the operator's, not the visitor's).
import FuzzSupport
import Mustache

private let parseKinds: Set<String> = [
    "unclosedTag", "unclosedSection", "unexpectedClosingTag",
    "mismatchedClosingTag", "invalidDelimiters", "invalidTag", "tooComplex",
]

/// One-element arrays only, so nested sections cannot multiply the output.
private let context = MustacheValue.dictionary([
    "a": .string("<x & 'y'>"), "b": .array([.dictionary(["c": .string("1")])]), "c": .bool(true),
    "d": .int(3), "e": .dictionary(["f": .string("g")]), "n": .null, "s": .array([]), "x": .double(1.5),
])

/// Checks that an error's place lies inside `source`.
private func checkPlace(_ error: MustacheError, in source: String, name: String) {
    // Lines end at "\n" bytes, as the parser counts them ("\r\n" is one Character).
    let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    fuzzCheck(error.line >= 1 && error.line <= lines.count, "line \(error.line) outside 1...\(lines.count): \(error)")
    guard error.line >= 1 && error.line <= lines.count else { return }
    let length = String(decoding: lines[error.line - 1], as: UTF8.self).unicodeScalars.count
    fuzzCheck(error.column >= 1 && error.column <= length + 1, "column \(error.column) outside 1...\(length + 1): \(error)")
    fuzzCheck(error.description.hasPrefix("\(name):\(error.line):\(error.column): error: "), "description \(error.description)")
    fuzzCheck(!error.message.isEmpty, "an empty message: \(error)")
}

/// libFuzzer's entry point: checks the properties above on one input of
/// `count` bytes at `data`, aborting on the first that fails; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let source = String(decoding: fuzzBytes(data, count), as: UTF8.self)

    let template: Template
    do {
        template = try Template(source: source, name: "t")
    } catch let error as MustacheError {
        fuzzCheck(parseKinds.contains("\(error.kind)"), "a parse gave \(error.kind): \(error)")
        checkPlace(error, in: source, name: "t")
        return 0
    } catch {
        fuzzCheck(false, "a parse threw something other than MustacheError: \(error)")
        return 0
    }

    // Strict library: missing partials and parents are placed inside the input.
    let partial = "<b>{{a}}</b>\n"
    do {
        _ = try TemplateLibrary(sources: ["t": source, "p": partial], strict: true)
        fuzzCheck(
            Set(template.referencedTemplateNames).isSubset(of: ["t", "p"]),
            "strict library accepted references to \(template.referencedTemplateNames)")
    } catch let error as MustacheError {
        fuzzCheck(error.kind == .missingPartial || error.kind == .missingParent, "strict library gave \(error)")
        fuzzCheck(!Set(template.referencedTemplateNames).isSubset(of: ["t", "p"]), "strict library refused \(error)")
        checkPlace(error, in: source, name: "t")
    } catch {
        fuzzCheck(false, "a library threw something other than MustacheError: \(error)")
    }

    // Rendering.
    let alone = try? template.render(context)
    fuzzCheck(alone != nil, "a lone template failed to render")
    fuzzCheck((try? template.render(context)) == alone, "two renders differ")
    if !template.referencedTemplateNames.contains("t"), let library = try? TemplateLibrary(sources: ["t": source, "p": partial]) {
        do {
            _ = try library.render("t", context)
        } catch let error as MustacheError {
            fuzzCheck(error.kind == .recursionLimit, "rendering gave \(error)")
        } catch {
            fuzzCheck(false, "rendering threw \(error)")
        }
    }
    return 0
}
