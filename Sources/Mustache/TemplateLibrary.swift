// TemplateLibrary: every template of a site, parsed once, looked up by name.

/// A set of named templates, parsed once at load time, that include each other as
/// partials (`{{>name}}`) and parents (`{{<name}}`).
///
/// Loading parses every template and throws the first error (templates are taken in
/// name order, so the error is always the same one). A strict library also refuses a
/// template that names a partial or parent it does not hold: the server uses strict
/// mode, so a typo in a template stops it at start, never in the middle of a page.
/// A non-strict library renders a missing partial as nothing, as the spec says.
///
/// Rendering is thread-safe: the library is immutable and each render has its own
/// state. Partials may recurse (the spec allows it), but nesting deeper than
/// ``maxDepth`` is a ``MustacheError/Kind/recursionLimit`` error, never a crash.
public final class TemplateLibrary: Sendable {
    /// Whether a missing partial or parent is a load-time error.
    public let isStrict: Bool
    /// The deepest nesting of partials and parents a render may reach.
    public let maxDepth: Int
    /// The deepest nesting of sections, blocks, partials and parents together that a
    /// render may reach, whatever ``maxDepth`` says: it keeps the renderer's recursion
    /// well inside a 512 KiB thread stack.
    public static let maxFrames = 512

    /// The templates by name.
    let templates: [String: Template]
    /// Every template compiled with its partials resolved to indexes in this array.
    let programs: [Template.Program]
    /// Index in `programs` by template name.
    let programIndex: [String: Int]

    /// Parses templates from their source text.
    ///
    /// - Parameters:
    ///   - sources: Template source text by name (the name partials use).
    ///   - paths: The file each template came from, by name, for error messages.
    ///   - strict: Whether a `{{>name}}` or `{{<name}}` naming no template in `sources`
    ///     is an error.
    ///   - maxDepth: The deepest nesting of partials and parents allowed while rendering.
    /// - Throws: The first ``MustacheError`` in name order: a parse error, or in strict
    ///   mode ``MustacheError/Kind/missingPartial`` / ``MustacheError/Kind/missingParent``
    ///   at the tag that names the missing template.
    /// - Complexity: O(n) in the total length of the sources.
    public convenience init(sources: [String: String], paths: [String: String] = [:], strict: Bool = false, maxDepth: Int = 64) throws {
        var templates: [Template] = []
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            templates.append(try Template(source: source, name: name, path: paths[name]))
        }
        try self.init(templates: templates, strict: strict, maxDepth: maxDepth)
    }

    /// Builds a library from templates already parsed, keyed by their ``Template/name``
    /// (a repeated name keeps the last one).
    ///
    /// - Throws: In strict mode, the first missing partial or parent, in name order.
    public init(templates: [Template], strict: Bool = false, maxDepth: Int = 64) throws {
        var byName: [String: Template] = [:]
        for template in templates { byName[template.name] = template }
        self.templates = byName
        let names = byName.keys.sorted()
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() { index[name] = position }
        self.programIndex = index
        self.programs = names.map { name in
            Template.Program(nodes: byName[name]?.nodes ?? [], resolve: index, templateName: name, path: byName[name]?.path)
        }
        self.isStrict = strict
        self.maxDepth = max(1, maxDepth)
        if strict {
            for name in byName.keys.sorted() {
                guard let template = byName[name] else { continue }
                for reference in template.references where byName[reference.name] == nil {
                    let what = reference.isParent ? "parent" : "partial"
                    throw MustacheError(
                        kind: reference.isParent ? .missingParent : .missingPartial,
                        templateName: template.name, path: template.path,
                        line: reference.line, column: reference.column,
                        message: "\(what) '\(reference.name)' does not exist")
                }
            }
        }
    }

    /// The names of the templates, sorted.
    public var templateNames: [String] { templates.keys.sorted() }

    /// The template called `name`, if the library holds one.
    public func template(named name: String) -> Template? { templates[name] }

    /// Renders the template `name` against `context`.
    ///
    /// - Parameters:
    ///   - name: The template's name.
    ///   - context: The root of the context stack.
    /// - Returns: The rendered UTF-8 bytes.
    /// - Throws: ``MustacheError/Kind/unknownTemplate`` for a name the library does
    ///   not hold; ``MustacheError/Kind/recursionLimit`` when partials nest too deep.
    ///   Nothing is returned on error: no half page.
    public func render(_ name: String, _ context: MustacheValue) throws -> [UInt8] {
        try render(name, context, shared: nil)
    }

    /// Renders the template `name` against `context` with `shared` just above it: the
    /// same bytes as one root holding the fields of both (which must have no name in
    /// common), and the root sections drawn from `shared` alone kept in it for the
    /// next render (``MustacheSharedContext``).
    ///
    /// - Throws: As ``render(_:_:)``.
    public func render(_ name: String, _ context: MustacheValue, shared: MustacheSharedContext?) throws -> [UInt8] {
        let program = try program(named: name)
        // Rendered into the storage of the array returned, sized by the program's last
        // output: copying a finished page into an array of its own was a tenth of the
        // 50-row page's instructions. An output that outgrows the room is copied.
        var grown: [UInt8]?
        let bytes = try [UInt8](unsafeUninitializedCapacity: program.outputHint.load(ordering: .relaxed)) { room, count in
            var renderer = Template.Renderer(
                programs: programs, maxDepth: maxDepth, context: context, shared: shared, output: MustacheOutput(inPlace: room))
            try renderer.run(program, 0..<program.opCount)
            if renderer.output.isInPlace {
                count = renderer.output.count
            } else {
                grown = Array(renderer.output.bytes)
            }
        }
        let result = grown ?? bytes
        program.outputHint.store(min(result.count + result.count / 8 + 64, Template.Program.maximumOutputHint), ordering: .relaxed)
        return result
    }

    /// Renders the template `name` against `context`, appending to `buffer`.
    ///
    /// - Throws: As ``render(_:_:)``; on error `buffer` is left as it was.
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) throws {
        // Only a finished render reaches the caller's buffer: no half page.
        try rendering(name, context, shared: nil) { buffer.append(contentsOf: $0) }
    }

    /// Renders the template `name` and hands the finished output to `body` (the
    /// bytes are valid only inside it).
    private func rendering<Result>(
        _ name: String, _ context: MustacheValue, shared: MustacheSharedContext?,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) throws -> Result {
        let program = try program(named: name)
        var renderer = Template.Renderer(programs: programs, maxDepth: maxDepth, context: context, shared: shared)
        try renderer.run(program, 0..<program.opCount)
        return body(renderer.output.bytes)
    }

    /// The program of the template `name`.
    /// - Throws: ``MustacheError/Kind/unknownTemplate`` for a name the library does not hold.
    private func program(named name: String) throws -> Template.Program {
        guard let position = programIndex[name] else {
            throw MustacheError(
                kind: .unknownTemplate, templateName: name, line: 0, column: 0,
                message: "no template named '\(name)'")
        }
        return programs[position]
    }

    /// Renders the template `name` against `context` as a `String`.
    ///
    /// - Throws: As ``render(_:_:)``.
    public func renderString(_ name: String, _ context: MustacheValue) throws -> String {
        String(decoding: try render(name, context), as: UTF8.self)
    }
}
