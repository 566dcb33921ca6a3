// What a validation reports: one `Diagnostic` per problem, with a stable code.

/// One problem found in a document or fragment.
///
/// `line` and `column` are 1-based and point into the input as given (for a
/// fragment, the fragment's own text, not the context it was checked in). Columns
/// count Unicode scalars, as libxml2 does, so a tab or an "é" is one column.
public struct Diagnostic: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable, Equatable, Hashable {
        /// The markup is wrong: browsers repair it in ways that differ from what was meant,
        /// or the WHATWG HTML standard forbids it.
        case error
        /// The markup works but should change (an obsolete element, for example).
        case warning
    }

    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column (in Unicode scalars) of the problem.
    public var column: Int
    /// Whether the problem is an error or a warning.
    public var severity: Severity
    /// The stable, machine-readable kind of the problem.
    public var code: DiagnosticCode
    /// A sentence that says what is wrong, for people.
    public var message: String

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column, in Unicode scalars.
    ///   - severity: Error or warning; defaults to the code's usual severity.
    ///   - code: The kind of problem.
    ///   - message: What is wrong, for people.
    public init(line: Int, column: Int, severity: Severity? = nil, code: DiagnosticCode, message: String) {
        self.line = line
        self.column = column
        self.severity = severity ?? code.defaultSeverity
        self.code = code
        self.message = message
    }

    /// The diagnostic as a compiler prints it, without a path: `line:col: error: message [code]`.
    public var description: String {
        "\(line):\(column): \(severity.rawValue): \(message) [\(code.rawValue)]"
    }
}

/// The kinds of problem `MarkupValidator` reports. The raw values are stable: tools and
/// tests may match on them.
public enum DiagnosticCode: String, Sendable, CaseIterable, Hashable {
    /// An element whose end tag may not be omitted (WHATWG HTML §13.1.2.4) is never closed.
    case unclosedElement = "unclosed-element"
    /// End tags cross: `<b><i></b></i>` (WHATWG HTML §13.2.6.4.7, the adoption agency repairs it).
    case misnestedElement = "misnested-element"
    /// An end tag with no open element of that name, or the end tag of a void element.
    case strayEndTag = "stray-end-tag"
    /// An element HTML does not define (WHATWG HTML §4), outside SVG/MathML and not a custom element.
    case unknownElement = "unknown-element"
    /// An element the standard lists as obsolete (WHATWG HTML §16.2); a warning.
    case obsoleteElement = "obsolete-element"
    /// An attribute the element does not take (WHATWG HTML §3.2.6 global attributes and each element's list).
    case unknownAttribute = "unknown-attribute"
    /// The same attribute twice on one element (WHATWG HTML §13.2.5.33; reported by libxml2).
    case duplicateAttribute = "duplicate-attribute"
    /// Two elements with the same `id` (WHATWG HTML §3.2.6: ids are unique in the tree).
    case duplicateID = "duplicate-id"
    /// An attribute value outside its allowed set or syntax (an enumerated attribute, `hx-swap`, `hx-trigger`, ...).
    case badAttributeValue = "bad-attribute-value"
    /// An `img` without `alt` (WHATWG HTML §4.8.4.4).
    case imgMissingAlt = "img-missing-alt"
    /// An `<a href>` with no accessible name: no text, no `img` with `alt`, no `aria-label`,
    /// `aria-labelledby` or `title` (WCAG 2.2 SC 2.4.4 and 4.1.2; HTML-AAM §4.1).
    case linkWithoutName = "link-without-name"
    /// Interactive content inside `a` or `button` (WHATWG HTML §4.5.1, §4.10.6 content models).
    case interactiveInInteractive = "interactive-in-interactive"
    /// Flow content that ends an open `p` (WHATWG HTML §4.4.1: `p` holds phrasing content only).
    case blockInP = "block-in-p"
    /// Flow content (`div`, `ul`, `table`, `p`, ...) inside an element that holds phrasing content
    /// only (`span`, `button`, `label`, `h1`, ...; WHATWG HTML §3.2.5.2.5), a transparent `a`
    /// taking its parent's model (§3.2.5.3).
    case flowInPhrasing = "flow-in-phrasing"
    /// An element in a parent that does not allow it (`li` outside a list, anything but `li` in `ol`/`ul`).
    case invalidChild = "invalid-child"
    /// A non-void HTML element written as self-closing (`<div/>`): the slash is ignored (WHATWG HTML §13.1.2.1).
    case selfClosingNonVoid = "self-closing-non-void"
    /// A document that does not start with `<!DOCTYPE html>` (WHATWG HTML §13.1.1).
    case missingDoctype = "missing-doctype"
    /// An `html` element without `lang` (WHATWG HTML §3.2.6.2; WCAG 3.1.1).
    case missingLang = "missing-lang"
    /// A document without `<meta charset="utf-8">` (WHATWG HTML §4.2.5.4).
    case missingCharset = "missing-charset"
    /// A document without a non-empty `title` (WHATWG HTML §4.2.2).
    case missingTitle = "missing-title"
    /// `&name;` where HTML names no such character reference (WHATWG HTML §13.5), or a legacy one without `;`.
    case undefinedEntity = "undefined-entity"
    /// A numeric character reference to a code point HTML forbids (WHATWG HTML §13.2.5.80).
    case badCharacterReference = "bad-character-reference"
    /// A `<` in text that does not start a tag (`<&nbsp;1.2`): write `&lt;` (WHATWG HTML §13.2.5.6).
    case unescapedLessThan = "unescaped-less-than"
    /// A tag that cannot be read: `<!x>`, `<?x>`, `</>`, or a tag cut off by the end of the input.
    case malformedTag = "malformed-tag"
    /// A comment without `-->` (WHATWG HTML §13.1.6).
    case unterminatedComment = "unterminated-comment"
    /// An id reference (`for`, `aria-controls`, `aria-labelledby`, `aria-describedby`, `hx-target`,
    /// `hx-indicator`, ...) to an id that is neither in the input nor in `Options.knownIDs`.
    case danglingIDRef = "dangling-idref"
    /// An `href`, `src`, `action` or `hx-get` path that no route of the server answers (only with `Options.routeExists`).
    case unknownRoute = "unknown-route"
    /// Bytes that are not UTF-8 (reported by libxml2).
    case invalidEncoding = "invalid-encoding"
    /// U+0000 or another control character (C0 but tab, line feed, form feed and carriage
    /// return; DEL; C1) anywhere in the input, text and attribute values included (WHATWG HTML
    /// §13.2.3.5, "control-character-in-input-stream"; §13.2.5 "unexpected-null-character").
    case controlCharacter = "control-character"
    /// A noncharacter (U+FDD0–U+FDEF, and U+xFFFE, U+xFFFF of every plane) anywhere in the
    /// input (WHATWG HTML §13.2.3.5, "noncharacter-in-input-stream"; Unicode §23.7).
    case noncharacter

    /// The severity this code is reported with.
    public var defaultSeverity: Diagnostic.Severity {
        self == .obsoleteElement ? .warning : .error
    }
}
