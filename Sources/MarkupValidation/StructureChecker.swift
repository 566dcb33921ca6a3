// The rules that need the element structure as written: tag balance, nesting,
// content models, attributes, ids. It reads the scanner's tokens and keeps its own
// stack of open elements, with the implied end tags of WHATWG HTML §13.1.2.4.

/// Walks the scanner's tokens with a stack of open elements and reports structural,
/// attribute and reference problems.
struct StructureChecker {
    /// What is being checked.
    enum Mode: Equatable {
        /// A whole document: the doctype, `lang`, charset and title are required.
        case document
        /// A fragment checked where it will stand.
        case fragment(MarkupValidator.FragmentContext)
    }

    private struct OpenElement {
        var name: String
        var position: SourcePosition
        var isSynthetic = false
        var isForeign = false
        /// The id scope the element's content belongs to: 0 for the document, a new number inside
        /// each `template` (its content is a separate fragment, WHATWG HTML §4.12.3).
        var scope = 0
    }

    private struct ForceClosed {
        var element: OpenElement
        var closer: String
        var closerPosition: SourcePosition
    }

    private struct EndedParagraph {
        var paragraph: OpenElement
        var block: String
        var blockPosition: SourcePosition
    }

    private struct Reference {
        var attribute: String
        var value: String
        var position: SourcePosition
    }

    let mode: Mode
    let options: MarkupValidator.Options
    private(set) var diagnostics: [Diagnostic] = []
    /// Every start tag read, and whether it stands in SVG/MathML content (libxml2 errors are mapped onto these).
    private(set) var startTags: [(tag: StartTag, isForeign: Bool)] = []

    private var stack: [OpenElement] = []
    private var forceClosed: [ForceClosed] = []
    private var endedParagraphs: [EndedParagraph] = []
    /// Ids per scope (0: the document; one scope per `template`).
    private var ids: [Int: [String: SourcePosition]] = [:]
    private var nextScope = 1
    private var currentScope: Int { stack.last?.scope ?? 0 }
    private var idReferences: [Reference] = []
    private var routeReferences: [Reference] = []
    private var explicitlyOpened: Set<String> = []
    private var hasSignificantContent = false
    private var htmlTag: StartTag?
    private var headPosition: SourcePosition?
    private var hasCharset = false
    private var titleTag: StartTag?
    private var titleText = ""

    /// Prepares a checker.
    ///
    /// - Parameters:
    ///   - mode: Document or fragment (with its context).
    ///   - options: The validator's options (known ids, routes).
    init(mode: Mode, options: MarkupValidator.Options) {
        self.mode = mode
        self.options = options
        let start = SourcePosition(line: 1, column: 1)
        switch mode {
        case .document:
            break
        case .fragment(let context):
            stack = [
                OpenElement(name: "html", position: start, isSynthetic: true),
                OpenElement(name: "body", position: start, isSynthetic: true),
            ]
            if context == .listItems {
                stack.append(OpenElement(name: "ol", position: start, isSynthetic: true))
            } else if context == .tableRows {
                stack.append(OpenElement(name: "table", position: start, isSynthetic: true))
                stack.append(OpenElement(name: "tbody", position: start, isSynthetic: true))
            }
        }
    }

    /// Checks all tokens, then the whole-input rules (unclosed elements, id references, routes, the
    /// document's required parts).
    ///
    /// - Complexity: O(n · d) for n tokens and nesting depth d.
    mutating func check(_ tokens: [ScannedToken]) {
        for token in tokens {
            switch token {
            case .doctype(let text, let position):
                handleDoctype(text, at: position)
            case .comment:
                break
            case .text(let text, let position):
                handleText(text, at: position)
            case .startTag(let tag):
                noteSignificant(at: tag.position)
                handleStartTag(tag)
            case .endTag(let name, let position):
                noteSignificant(at: position)
                handleEndTag(name, at: position)
            }
        }
        finish()
    }

    // MARK: Reporting

    private mutating func report(_ code: DiagnosticCode, at position: SourcePosition, _ message: String) {
        diagnostics.append(Diagnostic(line: position.line, column: position.column, code: code, message: message))
    }

    // MARK: Tokens

    private mutating func noteSignificant(at position: SourcePosition) {
        guard !hasSignificantContent else { return }
        hasSignificantContent = true
        if mode == .document {
            report(.missingDoctype, at: position, "The document does not start with <!DOCTYPE html>, so browsers render it in quirks mode.")
        }
    }

    private mutating func handleDoctype(_ text: String, at position: SourcePosition) {
        guard !hasSignificantContent, mode == .document else {
            report(.malformedTag, at: position, "A doctype is only allowed at the start of a document.")
            return
        }
        hasSignificantContent = true
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        let isHTML5 =
            words == ["html"] || words == ["html", "system", "\"about:legacy-compat\""]
            || words == ["html", "system", "'about:legacy-compat'"]
        if !isHTML5 {
            report(.missingDoctype, at: position, "The doctype must be <!DOCTYPE html>; '<!DOCTYPE\(text)>' selects a legacy mode.")
        }
    }

    private mutating func handleText(_ text: String, at position: SourcePosition) {
        let isBlank = text.allSatisfy(\.isWhitespace)
        if let top = stack.last, top.name == "title", !top.isForeign {
            titleText += text
            return
        }
        guard !isBlank else { return }
        noteSignificant(at: position)
        if let top = stack.last, !top.isForeign,
            HTML5Vocabulary.listContainers.contains(top.name) || HTML5Vocabulary.tableChildren[top.name] != nil
        {
            let offset = text.prefix(while: \.isWhitespace)
            var textPosition = position
            for character in offset {
                if character == "\n" { textPosition = SourcePosition(line: textPosition.line + 1, column: 1) } else { textPosition.column += 1 }
            }
            let home = HTML5Vocabulary.listContainers.contains(top.name) ? "an <li>" : top.name == "tr" ? "a <td>" : "a cell"
            // The HTML parser moves text out of a table part ("foster parenting", WHATWG HTML §13.2.6.1).
            report(.invalidChild, at: textPosition, "Text cannot stand directly inside <\(top.name)>; put it in \(home).")
        }
    }

    // MARK: Start tags

    private var isInForeignContent: Bool { stack.last?.isForeign ?? false }

    private mutating func handleStartTag(_ tag: StartTag) {
        let name = tag.name
        if isInForeignContent {
            startTags.append((tag, true))
            collectIDs(of: tag)
            if !tag.isSelfClosing {
                stack.append(OpenElement(name: name, position: tag.position, isForeign: true, scope: currentScope))
            }
            return
        }
        let isForeignRoot = HTML5Vocabulary.foreignRoots.contains(name)
        startTags.append((tag, isForeignRoot))
        checkPhrasingContent(of: tag)
        closeImpliedElements(before: tag)
        checkParent(of: tag)
        checkInteractiveNesting(of: tag)
        if HTML5Vocabulary.obsoleteElements.contains(name) {
            report(.obsoleteElement, at: tag.position, "<\(name)> is obsolete in HTML (WHATWG HTML §16.2); use CSS or a current element.")
        }
        checkAttributes(of: tag, isForeignRoot: isForeignRoot)
        if name == "img", tag.attribute("alt") == nil {
            report(.imgMissingAlt, at: tag.position, "<img> needs an alt attribute (alt=\"\" when the image is decorative).")
        }
        noteDocumentFacts(tag)

        if HTML5Vocabulary.voidElements.contains(name) { return }
        if tag.isSelfClosing {
            if isForeignRoot { return }
            if HTML5Vocabulary.elements.contains(name) || Self.isCustomElementName(name) {
                report(.selfClosingNonVoid, at: tag.position, "<\(name)/> is not self-closing in HTML: the '/' is ignored; write <\(name)></\(name)>.")
            }
            return
        }
        explicitlyOpened.insert(name)
        var scope = currentScope
        if name == "template" {
            scope = nextScope
            nextScope += 1
        }
        stack.append(OpenElement(name: name, position: tag.position, isForeign: isForeignRoot, scope: scope))
    }

    /// Closes the elements whose end tag the new start tag implies (WHATWG HTML §13.1.2.4 and the
    /// "in body" insertion mode, §13.2.6.4.7).
    private mutating func closeImpliedElements(before tag: StartTag) {
        let name = tag.name
        switch name {
        case "li":
            closeImplied(["li"], stoppingAt: ["ol", "ul", "menu", "template", "table", "button", "td", "th"], by: tag)
        case "dt", "dd":
            closeImplied(["dt", "dd"], stoppingAt: ["dl", "template", "table", "button", "td", "th"], by: tag)
        case "option":
            if stack.last?.name == "option" { stack.removeLast() }
        case "optgroup":
            if stack.last?.name == "option" { stack.removeLast() }
            if stack.last?.name == "optgroup" { stack.removeLast() }
        case "rt", "rp":
            if let top = stack.last?.name, top == "rt" || top == "rp" { stack.removeLast() }
        case "tr":
            closeImplied(["tr"], stoppingAt: ["table", "thead", "tbody", "tfoot", "template"], by: tag)
        case "td", "th":
            closeImplied(["td", "th"], stoppingAt: ["tr", "table", "template"], by: tag)
        case "thead", "tbody", "tfoot":
            closeImplied(["thead", "tbody", "tfoot"], stoppingAt: ["table", "template"], by: tag)
        case "body":
            closeImplied(["head"], stoppingAt: ["html"], by: tag)
        default:
            break
        }
        if HTML5Vocabulary.closesParagraph.contains(name),
            let paragraph = closeImplied(["p"], stoppingAt: HTML5Vocabulary.paragraphScopeBoundaries, by: tag)
        {
            endedParagraphs.append(EndedParagraph(paragraph: paragraph, block: name, blockPosition: tag.position))
        }
    }

    /// Pops up to and including the nearest open element named in `targets`, unless an element named
    /// in `boundaries` (or the fragment's context) comes first. Elements popped on the way that need
    /// an end tag are remembered as force-closed.
    @discardableResult
    private mutating func closeImplied(_ targets: Set<String>, stoppingAt boundaries: Set<String>, by tag: StartTag) -> OpenElement? {
        guard let index = stack.lastIndex(where: { targets.contains($0.name) || boundaries.contains($0.name) || $0.isSynthetic || $0.isForeign }),
            targets.contains(stack[index].name), !stack[index].isSynthetic, !stack[index].isForeign
        else { return nil }
        let target = stack[index]
        popAbove(index, closer: "<\(tag.name)>", at: tag.position)
        stack.removeLast()
        return target
    }

    /// Pops the elements above `index`; those whose end tag may not be omitted are remembered.
    private mutating func popAbove(_ index: Int, closer: String, at position: SourcePosition) {
        while stack.count > index + 1 {
            let element = stack.removeLast()
            if !HTML5Vocabulary.optionalEndTag.contains(element.name) {
                forceClosed.append(ForceClosed(element: element, closer: closer, closerPosition: position))
            }
        }
    }

    /// Reports flow content inside an element that holds phrasing content only (WHATWG HTML
    /// §3.2.5.2.5), looking through transparent elements (§3.2.5.3) to the parent whose content
    /// model applies. Checked before implied end tags close anything: the parser moves such a
    /// block out of a `p` (and a link with it) without a word. A `p` the block ends on its own
    /// is an omitted end tag, not an error.
    private mutating func checkPhrasingContent(of tag: StartTag) {
        guard HTML5Vocabulary.flowOnlyContent.contains(tag.name) else { return }
        var transparent: OpenElement?
        for element in stack.reversed() {
            if element.isSynthetic || element.isForeign || element.name == "template" { return }
            if HTML5Vocabulary.transparentContent.contains(element.name) || Self.isCustomElementName(element.name) {
                transparent = transparent ?? element
                continue
            }
            guard HTML5Vocabulary.phrasingContainers.contains(element.name) else { return }
            if element.name == "p", transparent == nil, HTML5Vocabulary.closesParagraph.contains(tag.name) { return }
            if HTML5Vocabulary.phrasingAndHeadingContainers.contains(element.name),
                HTML5Vocabulary.headingContent.contains(tag.name)
            {
                return
            }
            let through = transparent.map { " <\($0.name)> (opened at \($0.position.text)) in" } ?? ""
            report(
                .flowInPhrasing, at: tag.position,
                "<\(tag.name)> is flow content and cannot be inside\(through) <\(element.name)> (opened at \(element.position.text)), which holds phrasing content only (WHATWG HTML §3.2.5.2.5)."
            )
            return
        }
    }

    private mutating func checkParent(of tag: StartTag) {
        guard let parent = stack.last, !parent.isForeign else { return }
        if HTML5Vocabulary.listContainers.contains(parent.name), !HTML5Vocabulary.listChildren.contains(tag.name) {
            report(
                .invalidChild, at: tag.position,
                "<\(tag.name)> cannot be a child of <\(parent.name)>; only <li>, <script> and <template> can (wrap out-of-band content in <template>).")
        } else if tag.name == "li", !HTML5Vocabulary.listContainers.contains(parent.name), parent.name != "template" {
            report(.invalidChild, at: tag.position, "<li> must be a child of <ol>, <ul> or <menu>, not of <\(parent.name)>.")
        } else if let allowed = HTML5Vocabulary.tableChildren[parent.name], !allowed.contains(tag.name) {
            // The HTML parser moves such an element out of the table (foster parenting, §13.2.6.1).
            report(
                .invalidChild, at: tag.position,
                "<\(tag.name)> cannot be a child of <\(parent.name)>; only \(allowed.sorted().map { "<\($0)>" }.joined(separator: ", ")) can (the HTML parser moves it out of the table)."
            )
        } else if let parents = HTML5Vocabulary.tableParentOf[tag.name], !parents.contains(parent.name), parent.name != "template" {
            // Outside its table the HTML parser drops the tag and keeps only its content.
            report(
                .invalidChild, at: tag.position,
                "<\(tag.name)> must be a child of \(parents.sorted().map { "<\($0)>" }.joined(separator: " or ")), not of <\(parent.name)>; outside a table the HTML parser drops the tag."
            )
        }
    }

    private mutating func checkInteractiveNesting(of tag: StartTag) {
        var attributes: [String: String] = [:]
        for attribute in tag.attributes where attributes[attribute.name] == nil {
            attributes[attribute.name] = attribute.value
        }
        let isInteractive = HTML5Vocabulary.isInteractive(tag.name, attributes: attributes)
        guard isInteractive || tag.name == "a" else { return }
        for element in stack.reversed() {
            if element.name == "template" || element.isSynthetic { return }
            guard HTML5Vocabulary.interactiveContainers.contains(element.name), !element.isForeign else { continue }
            if isInteractive || element.name == "a" {
                report(
                    .interactiveInInteractive, at: tag.position, "<\(tag.name)> is interactive content and cannot be inside <\(element.name)> (opened at \(element.position.text))."
                )
            }
            return
        }
    }

    // MARK: Attributes

    private mutating func checkAttributes(of tag: StartTag, isForeignRoot: Bool) {
        let name = tag.name
        let isCustom = Self.isCustomElementName(name)
        let checksNames =
            !isForeignRoot && !isCustom
            && (HTML5Vocabulary.elements.contains(name) || HTML5Vocabulary.obsoleteElements.contains(name))
        var seen: Set<String> = []
        for attribute in tag.attributes {
            guard seen.insert(attribute.name).inserted else { continue }  // duplicates: libxml2 reports them
            if checksNames, !HTML5Vocabulary.isKnownAttribute(attribute.name, on: name) {
                report(.unknownAttribute, at: attribute.position, "<\(name)> has no attribute '\(attribute.name)'.")
                continue
            }
            checkValue(of: attribute, on: tag)
            collectReferences(of: attribute)
        }
        collectIDs(of: tag)
    }

    private mutating func checkValue(of attribute: ScannedAttribute, on tag: StartTag) {
        let name = attribute.name
        let value = attribute.value
        func bad(_ message: String) {
            report(.badAttributeValue, at: attribute.position, message)
        }
        if let allowed = HTML5Vocabulary.allowedValues(of: name, on: tag.name) {
            let isCaseSensitive = HTML5Vocabulary.caseSensitiveValues.contains("\(tag.name) \(name)")
            let candidate = isCaseSensitive ? value : value.lowercased()
            let matches = isCaseSensitive ? allowed.contains(candidate) : allowed.contains { $0.lowercased() == candidate }
            if !matches {
                let list = allowed.sorted().map { $0.isEmpty ? "\"\"" : $0 }.joined(separator: ", ")
                bad("'\(value)' is not a valid value of \(name) on <\(tag.name)> (allowed: \(list)).")
            }
            return
        }
        switch name {
        case "id":
            if value.isEmpty || value.contains(where: \.isWhitespace) {
                bad("An id must be non-empty and contain no whitespace; '\(value)' is not.")
            }
        case "role":
            let roles = value.split(whereSeparator: \.isWhitespace)
            if roles.isEmpty { bad("role is empty.") }
            for role in roles
            where !HTML5Vocabulary.ariaRoles.contains(String(role))
                && !role.hasPrefix("doc-") && !role.hasPrefix("graphics-")
            {
                bad("'\(role)' is not a WAI-ARIA 1.2 role.")
            }
        case "tabindex":
            if Int(value) == nil { bad("tabindex must be an integer, not '\(value)'.") }
        case "charset":
            if tag.name == "meta", value.lowercased() != "utf-8" {
                bad("The document's character encoding must be UTF-8 (WHATWG HTML §4.2.5.4), not '\(value)'.")
            }
        case "hx-swap":
            if let problem = HtmxSyntax.checkSwap(value) { bad(problem) }
        case "hx-swap-oob":
            if let problem = HtmxSyntax.checkSwapOutOfBand(value) { bad(problem) }
        case "hx-trigger":
            if let problem = HtmxSyntax.checkTrigger(value) { bad(problem) }
        case "hx-vals", "hx-headers":
            if let problem = HtmxSyntax.checkJSONObject(value, attribute: name) { bad(problem) }
        default:
            break
        }
    }

    private mutating func collectIDs(of tag: StartTag) {
        guard let attribute = tag.attribute("id"), !attribute.value.isEmpty else { return }
        let scope = currentScope
        if let first = ids[scope]?[attribute.value] {
            report(.duplicateID, at: attribute.position, "The id '\(attribute.value)' is already used at \(first.text); ids must be unique.")
        } else {
            ids[scope, default: [:]][attribute.value] = attribute.position
        }
    }

    private mutating func collectReferences(of attribute: ScannedAttribute) {
        let name = attribute.name
        let value = attribute.value
        if HTML5Vocabulary.idListAttributes.contains(name) {
            for id in value.split(whereSeparator: \.isWhitespace) {
                idReferences.append(Reference(attribute: name, value: String(id), position: attribute.position))
            }
        } else if HTML5Vocabulary.idAttributes.contains(name), !value.isEmpty {
            idReferences.append(Reference(attribute: name, value: value, position: attribute.position))
        } else if HTML5Vocabulary.htmxSelectorAttributes.contains(name) {
            // Only plain `#id` selectors are resolved; `this`, `closest ...`, classes etc. are not ids.
            for selector in value.split(separator: ",") {
                let trimmed = selector.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("#"), trimmed.count > 1,
                    trimmed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                else { continue }
                idReferences.append(Reference(attribute: name, value: String(trimmed.dropFirst()), position: attribute.position))
            }
        }
        if HTML5Vocabulary.routeAttributes.contains(name), value.hasPrefix("/"), !value.hasPrefix("//") {
            let path = value.prefix(while: { $0 != "?" && $0 != "#" })
            routeReferences.append(Reference(attribute: name, value: String(path), position: attribute.position))
        }
    }

    private mutating func noteDocumentFacts(_ tag: StartTag) {
        switch tag.name {
        case "html":
            if htmlTag == nil { htmlTag = tag }
        case "head":
            if headPosition == nil { headPosition = tag.position }
        case "meta":
            if tag.attribute("charset") != nil {
                hasCharset = true
            } else if tag.value(of: "http-equiv")?.lowercased() == "content-type",
                tag.value(of: "content")?.lowercased().contains("charset=utf-8") == true
            {
                hasCharset = true
            }
        case "title":
            if titleTag == nil { titleTag = tag }
        default:
            break
        }
    }

    // MARK: End tags

    private mutating func handleEndTag(_ name: String, at position: SourcePosition) {
        if HTML5Vocabulary.voidElements.contains(name), !isInForeignContent {
            report(.strayEndTag, at: position, "<\(name)> is a void element and has no end tag; remove </\(name)>.")
            return
        }
        if let index = stack.lastIndex(where: { $0.name == name || $0.isSynthetic }), !stack[index].isSynthetic {
            popAbove(index, closer: "</\(name)>", at: position)
            stack.removeLast()
            return
        }
        if let index = forceClosed.lastIndex(where: { $0.element.name == name }) {
            let entry = forceClosed.remove(at: index)
            report(
                .misnestedElement, at: entry.closerPosition,
                "\(entry.closer) closes <\(entry.element.name)> (opened at \(entry.element.position.text)) before its own end tag at \(position.text); end tags must close elements in the reverse order of their start tags."
            )
            return
        }
        if name == "p", let index = endedParagraphs.indices.last {
            let entry = endedParagraphs.remove(at: index)
            report(
                .blockInP, at: entry.blockPosition,
                "<\(entry.block)> cannot be inside <p> (opened at \(entry.paragraph.position.text)): <p> holds phrasing content only, so it ends before <\(entry.block)> and the </p> at \(position.text) closes nothing."
            )
            return
        }
        if mode == .document, ["html", "head", "body"].contains(name), !explicitlyOpened.contains(name) {
            return  // the element was implied by the parser; its end tag is allowed
        }
        report(.strayEndTag, at: position, "</\(name)> has no open <\(name)> to close.")
    }

    // MARK: End of input

    private mutating func finish() {
        for element in stack where !element.isSynthetic && !HTML5Vocabulary.optionalEndTag.contains(element.name) {
            report(.unclosedElement, at: element.position, "<\(element.name)> is never closed.")
        }
        for entry in forceClosed {
            report(.unclosedElement, at: entry.element.position, "<\(entry.element.name)> is never closed; \(entry.closer) at \(entry.closerPosition.text) ends it implicitly.")
        }
        if mode == .document {
            if !hasSignificantContent {
                report(.missingDoctype, at: SourcePosition(line: 1, column: 1), "The document is empty: it has no <!DOCTYPE html>.")
            }
            checkDocumentParts()
        }
        // A reference resolves to an id anywhere: template content is cloned into the page before use.
        let allIDs = Set(ids.values.flatMap(\.keys))
        for reference in idReferences where !allIDs.contains(reference.value) && !options.knownIDs.contains(reference.value) {
            report(.danglingIDRef, at: reference.position, "\(reference.attribute) refers to the id '\(reference.value)', which no element has.")
        }
        if let routeExists = options.routeExists {
            for reference in routeReferences where !routeExists(reference.value) {
                report(.unknownRoute, at: reference.position, "\(reference.attribute) points to '\(reference.value)', which no route of the server answers.")
            }
        }
    }

    private mutating func checkDocumentParts() {
        let start = SourcePosition(line: 1, column: 1)
        if let htmlTag {
            if (htmlTag.value(of: "lang") ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                report(.missingLang, at: htmlTag.position, "<html> needs a lang attribute naming the page's language.")
            }
        } else {
            report(.missingLang, at: start, "The document has no <html lang=\"...\"> naming its language.")
        }
        let headOrStart = headPosition ?? htmlTag?.position ?? start
        if !hasCharset {
            report(.missingCharset, at: headOrStart, "The document does not declare its encoding; add <meta charset=\"utf-8\"> at the start of <head>.")
        }
        if let titleTag {
            if titleText.allSatisfy(\.isWhitespace) {
                report(.missingTitle, at: titleTag.position, "<title> is empty.")
            }
        } else {
            report(.missingTitle, at: headOrStart, "The document has no <title>.")
        }
    }

    // MARK: Names

    /// Whether `name` is a valid custom element name (WHATWG HTML §4.13.2): it starts with an ASCII
    /// lowercase letter, contains a hyphen, and is not one of the reserved SVG/MathML names.
    /// Custom elements are valid HTML, so they are never reported as unknown.
    static func isCustomElementName(_ name: String) -> Bool {
        let reserved: Set<String> = [
            "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri",
            "font-face-format", "font-face-name", "missing-glyph",
        ]
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.contains("-") else { return false }
        return !reserved.contains(name)
    }
}
