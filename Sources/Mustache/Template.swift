// Template: a parsed Mustache template (the tree), ready to render many times.

/// A Mustache template parsed once into a tree, rendered many times.
///
/// Supports the required modules of the Mustache specification v1.4 (interpolation,
/// sections, inverted sections, comments, partials, set delimiters, and the
/// standalone-line rules) plus the optional inheritance module (`{{<parent}}`,
/// `{{$block}}`). Lambdas and dynamic names are not supported.
///
/// A `Template` is an immutable value (`Sendable`): render it from any number of
/// threads at once. To render with partials, put templates in a ``TemplateLibrary``;
/// ``render(_:)`` on a lone template renders every partial as empty.
public struct Template: Sendable {
    /// The template's name: the name other templates use in `{{>name}}` / `{{<name}}`.
    public let name: String
    /// The file the template came from, used in error messages; `nil` if none.
    public let path: String?
    /// The parsed tree.
    let nodes: [Node]
    /// The tree compiled on its own (partials unresolved), for ``render(_:)``.
    let program: Program
    /// Every name used in `{{>name}}` or `{{<name}}`, with the place of its first use.
    let references: [Reference]

    /// The deepest nesting of sections, parents and blocks one template may have.
    public static let maxNesting = 100

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - source: The template text.
    ///   - name: The template's name (shown in errors when there is no `path`).
    ///   - path: The file it was read from, for error messages.
    /// - Throws: ``MustacheError`` with the line and column of the first problem: an
    ///   unclosed tag, an unclosed section, a stray or mismatched closing tag, a bad
    ///   delimiter change, an invalid tag name, or sections nested deeper than
    ///   ``maxNesting`` (``MustacheError/Kind/tooComplex``).
    /// - Complexity: O(n) in the length of `source`.
    public init(source: String, name: String = "template", path: String? = nil) throws {
        var parser = Parser(source: source, templateName: name, path: path)
        let result = try parser.parse()
        self.name = name
        self.path = path
        self.nodes = result.nodes
        self.program = Program(nodes: result.nodes, resolve: [:], templateName: name, path: path)
        self.references = result.references
    }

    /// The names of the templates this one includes, as partials (`{{>name}}`) or
    /// parents (`{{<name}}`), sorted.
    public var referencedTemplateNames: [String] {
        Array(Set(references.map(\.name))).sorted()
    }

    /// Renders the template on its own (every partial and parent renders as empty).
    ///
    /// - Parameter context: The root of the context stack.
    /// - Returns: The rendered text.
    /// - Throws: ``MustacheError`` only in theory (no partial can recurse here).
    public func render(_ context: MustacheValue) throws -> String {
        var renderer = Renderer(programs: [], maxDepth: 64, context: context)
        try renderer.run(program, 0..<program.opCount)
        return String(decoding: renderer.output.bytes, as: UTF8.self)
    }
}

extension Template {
    /// A use of another template, for strict-mode checks.
    struct Reference: Sendable {
        /// The referenced template's name.
        let name: String
        /// Whether it is `{{<name}}` (a parent) rather than `{{>name}}`.
        let isParent: Bool
        /// 1-based line and column of the tag.
        let line: Int
        let column: Int
    }

    /// A tag's name, split at parse time: `.` (the implicit iterator) has no components.
    struct Name: Sendable {
        let components: [String]
        /// The name as written, for messages.
        let text: String
    }

    /// `{{>name}}` or `{{<name}}...{{/name}}`: where it is and what it passes.
    struct Call: Sendable {
        let name: String
        /// Whitespace before a standalone tag, prepended to every line of the included
        /// template; empty when the tag is not standalone.
        let indent: [UInt8]
        /// Block overrides passed to a parent (empty for a partial).
        let blocks: [String: [Node]]
        /// The calling template and the tag's place, for the recursion-limit error.
        let templateName: String
        let path: String?
        let line: Int
        let column: Int
    }

    /// One node of the tree.
    indirect enum Node: Sendable {
        /// Static text, as UTF-8.
        case text([UInt8])
        /// The start of a source line: the current partial indentation goes here.
        case lineStart
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
        case variable(Name, escaped: Bool)
        /// `{{#name}}...{{/name}}` or, inverted, `{{^name}}...{{/name}}`.
        case section(Name, body: [Node], inverted: Bool)
        /// `{{>name}}`.
        case partial(Call)
        /// `{{<name}}...{{/name}}`.
        case parent(Call)
        /// `{{$name}}default{{/name}}`: `indent` is set when the block is standalone.
        case block(name: String, body: [Node], indent: [UInt8]?)
    }
}
