// The module's entry point: validate a document or a fragment, get diagnostics.

/// Validates HTML5 documents and fragments and reports problems as `Diagnostic`s.
///
/// How the work is split between libxml2 and the validator's own scanner:
///
/// - **libxml2** (`htmlCtxtReadMemory`, HTML 4 parser, errors captured per parser context)
///   parses every input, fragments inside a wrapper document that gives them their context. Its
///   errors decide three codes: `unknown-element` (its "Tag X invalid", code 801, after dropping
///   every element HTML5 defines, custom elements with a hyphen, and anything inside `svg`/`math`),
///   `duplicate-attribute` ("Attribute X redefined", 42) and `invalid-encoding` (bytes that are not
///   UTF-8). Its other errors are dropped: they apply HTML 4 rules (it has no HTML5 elements, no
///   HTML5 character references, and repairs misnesting silently), which the scanner replaces.
/// - **The scanner** (`SourceScanner`, after the HTML5 tokenizer, WHATWG HTML §13.2.5) reads the
///   source text itself: it keeps exact positions, knows void elements, raw text (`script`,
///   `style`) and escapable raw text (`textarea`, `title`), and checks character references
///   against HTML5's table. `StructureChecker` walks its tokens with a stack of open elements that
///   applies HTML5's optional end tags (§13.1.2.4) and reports tag balance, nesting, content
///   models, attributes, ids, id references and routes, plus a document's required parts.
///
/// Diagnostics from both are merged, positioned in the original input, and sorted.
///
/// Thread safety: a validator is an immutable value; each validation creates its own parser
/// context and error sink, so any number of validations may run at once on any threads.
public struct MarkupValidator: Sendable {
    /// What a fragment is validated inside (docs/design.md, "Markup shapes").
    public enum FragmentContext: String, Sendable, CaseIterable {
        /// A run of `<li>` validated inside an `<ol>`: a continuation fragment (new rows and the
        /// next footer). Anything but `li`, `script` and `template` at its top level is an error.
        case listItems = "list-items"
        /// A run of `<tr>` validated inside a `<table>`'s `<tbody>`: the continuation of a
        /// list in the table layout (new rows and the footer row). Anything but `tr`, `script`
        /// and `template` at its top level is an error: the HTML parser moves it out of the table.
        case tableRows = "table-rows"
        /// The `#list` element validated where it stands, as flow content in `body`: a region fragment.
        case region
        /// Generic flow content inside `body`.
        case body
    }

    /// What the validator knows about the rest of the page and the server.
    public struct Options: Sendable {
        /// Ids that exist elsewhere on the page, so a fragment's references to them
        /// (`hx-target="#list"`, `aria-controls`, out-of-band targets) resolve.
        public var knownIDs: Set<String>
        /// Answers whether a route of the server serves a path (without query or fragment). When
        /// set, `href`, `action` and `hx-get`/`hx-post`/... values that start with a single `/` are
        /// checked with it (`unknown-route`); when nil, they are not checked.
        public var routeExists: (@Sendable (String) -> Bool)?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - knownIDs: Ids that exist outside the validated input.
        ///   - routeExists: Whether the server answers a path; nil skips the route check.
        public init(knownIDs: Set<String> = [], routeExists: (@Sendable (String) -> Bool)? = nil) {
            self.knownIDs = knownIDs
            self.routeExists = routeExists
        }
    }

    /// The options every validation uses.
    public var options: Options

    /// Creates a validator.
    ///
    /// - Parameter options: What the validator knows about the page and the server.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Validates a whole document: markup, plus `<!DOCTYPE html>`, `<html lang>`, a UTF-8
    /// `<meta charset>` and a non-empty `<title>`.
    ///
    /// - Parameter html: The document.
    /// - Returns: The problems found, sorted by position; empty when the document is valid.
    /// - Complexity: O(n · d) for n bytes and nesting depth d.
    public func validateDocument(_ html: String) -> [Diagnostic] {
        validate(Array(html.utf8), mode: .document)
    }

    /// Validates a whole document given as UTF-8 bytes (bytes that are not UTF-8 are reported).
    ///
    /// - Parameter bytes: The document's bytes.
    /// - Returns: The problems found, sorted by position.
    /// - Complexity: O(n · d) for n bytes and nesting depth d.
    public func validateDocument(utf8 bytes: [UInt8]) -> [Diagnostic] {
        validate(bytes, mode: .document)
    }

    /// Validates a fragment in the context it will be swapped into. Positions point into the
    /// fragment as given.
    ///
    /// - Parameters:
    ///   - html: The fragment.
    ///   - context: Where it will stand.
    /// - Returns: The problems found, sorted by position; empty when the fragment is valid there.
    /// - Complexity: O(n · d) for n bytes and nesting depth d.
    public func validateFragment(_ html: String, context: FragmentContext) -> [Diagnostic] {
        validate(Array(html.utf8), mode: .fragment(context))
    }

    /// Validates a fragment given as UTF-8 bytes in the context it will be swapped into.
    ///
    /// - Parameters:
    ///   - bytes: The fragment's bytes.
    ///   - context: Where it will stand.
    /// - Returns: The problems found, sorted by position.
    /// - Complexity: O(n · d) for n bytes and nesting depth d.
    public func validateFragment(utf8 bytes: [UInt8], context: FragmentContext) -> [Diagnostic] {
        validate(bytes, mode: .fragment(context))
    }

    // MARK: Internals

    /// The text a browser would show for a fragment, as libxml2's tree holds it (character references
    /// decoded). Tests use it to prove no text is lost.
    static func textContent(ofFragment html: String, context: FragmentContext) -> String {
        let (wrapped, _) = wrap(Array(html.utf8), mode: .fragment(context))
        let text = LibXML2Parser.parse(wrapped, readsBodyText: true).bodyText ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func validate(_ bytes: [UInt8], mode: StructureChecker.Mode) -> [Diagnostic] {
        let scanner = SourceScanner(bytes)
        var checker = StructureChecker(mode: mode, options: options)
        checker.check(scanner.tokens)
        var links = LinkNameChecker()
        links.check(scanner.tokens)
        let (wrapped, lineOffset) = Self.wrap(bytes, mode: mode)
        let libxml2 = LibXML2Parser.parse(wrapped)
        var diagnostics = scanner.diagnostics + checker.diagnostics + links.diagnostics
        let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
        diagnostics += Self.translate(
            libxml2.issues, lineOffset: lineOffset, startTags: checker.startTags, isUTF8: isUTF8)
        var seen: Set<Diagnostic> = []
        return
            diagnostics
            .filter { seen.insert($0).inserted }
            .sorted { ($0.line, $0.column, $0.code.rawValue) < ($1.line, $1.column, $1.code.rawValue) }
    }

    /// Puts a fragment inside a minimal valid document for libxml2. The prefix ends with a newline, so
    /// line n of the fragment is line n + 1 of the wrapper and columns are unchanged.
    private static func wrap(_ bytes: [UInt8], mode: StructureChecker.Mode) -> (bytes: [UInt8], lineOffset: Int) {
        guard case .fragment(let context) = mode else { return (bytes, 0) }
        let (open, close) =
            switch context {
            case .listItems: ("<ol>", "</ol>")
            case .tableRows: ("<table><tbody>", "</tbody></table>")
            case .region, .body: ("", "")
            }
        let prefix =
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>fragment</title></head><body>"
            + open + "\n"
        let suffix = "\n" + close + "</body></html>"
        return (Array(prefix.utf8) + bytes + Array(suffix.utf8), 1)
    }

    /// Turns the libxml2 errors the validator trusts into diagnostics (see the type's documentation).
    private static func translate(
        _ issues: [LibXML2Issue], lineOffset: Int, startTags: [(tag: StartTag, isForeign: Bool)], isUTF8: Bool
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reportedEncoding = false
        for issue in issues {
            let line = issue.line - lineOffset
            guard line >= 1 else { continue }
            let libxml2Position = SourcePosition(line: line, column: max(issue.column, 1))
            switch issue.code {
            case LibXML2Parser.Code.unknownTag:
                guard let name = issue.name?.lowercased(),
                    !HTML5Vocabulary.elements.contains(name), !HTML5Vocabulary.obsoleteElements.contains(name),
                    !StructureChecker.isCustomElementName(name)
                else { continue }
                // libxml2 reports at the end of the start tag; find that tag in the scanner's list.
                let candidates = startTags.filter { $0.tag.name == name }
                guard
                    let match = candidates.first(where: { $0.tag.endPosition == libxml2Position })
                        ?? candidates.last(where: { $0.tag.position <= libxml2Position })
                else { continue }
                if match.isForeign { continue }
                diagnostics.append(
                    Diagnostic(
                        line: match.tag.position.line, column: match.tag.position.column, code: .unknownElement,
                        message: "<\(name)> is not an HTML element (custom elements need a hyphen, as in <my-\(name)>)."))
            case LibXML2Parser.Code.attributeRedefined:
                guard let name = issue.name?.lowercased() else { continue }
                let owner = startTags.last(where: {
                    $0.tag.position <= libxml2Position
                        && $0.tag.attributes.filter { $0.name == name }.count > 1
                })
                let second = owner?.tag.attributes.filter { $0.name == name }.dropFirst().first
                let position = second?.position ?? libxml2Position
                let element = owner.map { " on <\($0.tag.name)>" } ?? ""
                diagnostics.append(
                    Diagnostic(
                        line: position.line, column: position.column, code: .duplicateAttribute,
                        message: "The attribute '\(name)' appears twice\(element); browsers keep the first."))
            case let code where LibXML2Parser.Code.encodingErrors.contains(code):
                // libxml2 also says this of character references to surrogates, which the scanner
                // reports better; only input that really is not UTF-8 counts.
                guard !reportedEncoding, !isUTF8 else { continue }
                reportedEncoding = true
                diagnostics.append(
                    Diagnostic(
                        line: libxml2Position.line, column: libxml2Position.column, code: .invalidEncoding,
                        message: "The input is not valid UTF-8 here."))
            default:
                continue
            }
        }
        return diagnostics
    }
}
