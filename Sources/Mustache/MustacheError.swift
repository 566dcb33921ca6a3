// MustacheError: the one error type of the Mustache module.

/// An error from parsing, loading or rendering a template, with its place.
///
/// `description` has the shape compilers use, `path:line:col: error: message`
/// (`path: error: message` when the error has no place in a file), so an editor can
/// jump to it; `liststate render` and `liststate check` print exactly that.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A tag opened with `{{` (or the current delimiter) never closes.
        case unclosedTag
        /// A section, inverted section, parent or block is never closed.
        case unclosedSection
        /// A closing tag `{{/x}}` with no open section.
        case unexpectedClosingTag
        /// A closing tag whose name is not the innermost open section's.
        case mismatchedClosingTag
        /// A set-delimiter tag `{{=a b=}}` that is not two delimiters without
        /// whitespace or `=`.
        case invalidDelimiters
        /// A tag whose name is empty or not a name (whitespace inside, empty dotted part).
        case invalidTag
        /// (Strict mode) `{{>name}}` names a template that does not exist.
        case missingPartial
        /// (Strict mode) `{{<name}}` names a template that does not exist.
        case missingParent
        /// Sections, parents and blocks nested deeper than ``Template/maxNesting`` in one
        /// template, or a template larger than 2 GiB.
        case tooComplex
        /// Partials or parents nested deeper than the library's limit while rendering
        /// (runaway recursion), or sections and partials together deeper than
        /// ``TemplateLibrary/maxFrames``.
        case recursionLimit
        /// `render` was asked for a template name the library does not hold.
        case unknownTemplate
    }

    /// What went wrong.
    public var kind: Kind
    /// The name of the template the error is in (the name partials use).
    public var templateName: String
    /// The file the template came from, for messages; `nil` when it has none, and the
    /// name is shown instead.
    public var path: String?
    /// The 1-based line of the offending tag; 0 when the error has no place.
    public var line: Int
    /// The 1-based column of the offending tag's first character, counted in Unicode
    /// scalars; 0 when the error has no place.
    public var column: Int
    /// A one-line human explanation, without the place.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, templateName: String, path: String? = nil, line: Int, column: Int, message: String) {
        self.kind = kind
        self.templateName = templateName
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:col: error: message`, or `path: error: message` without a place; the
    /// template name stands in for a missing path.
    public var description: String {
        let file = path ?? templateName
        if line > 0 { return "\(file):\(line):\(column): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
