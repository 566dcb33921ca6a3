// The rule that every link has a name: text a screen reader can say for it.

/// Reports each `<a href>` (and an SVG `<a>` with `href` or `xlink:href`) that has no
/// accessible name: no text that shows a character inside it (not white space, not an
/// invisible character), no `img` with such an `alt`, no element with an `aria-label`
/// or `aria-labelledby` inside it, and no `aria-label`, `aria-labelledby` or `title` of
/// its own. A screen reader names such a link by its address or as "link" (WCAG 2.2 SC
/// 2.4.4 and 4.1.2; the name is computed from the content, HTML-AAM §4.1, accname 1.2
/// §4.3.2). Content that is not rendered names nothing: `script`, `style`, `template`
/// and what `hidden` or `aria-hidden="true"` hides; a link that is itself hidden so is
/// not checked (a link inside a `template` is: it is shown once the template is used).
///
/// Reads the scanner's tokens with a stack of open elements: a link ends at its `</a>`
/// or at the end tag of an element it is inside. Elements whose end tags the parser
/// implies (a `<li>` that starts the next) are not closed early, so a link left open
/// there is checked with what follows (a missing `</a>` is ``StructureChecker``'s to report).
struct LinkNameChecker {
    private struct OpenLink {
        var position: SourcePosition
        var isNamed: Bool
        /// Its element's place in the stack.
        var depth: Int
    }

    private struct Element {
        var name: String
        var isForeign: Bool
        /// Whether its content is not rendered (`script`, `style`, `template`, `hidden`, `aria-hidden`).
        var hidesContent: Bool
        /// Whether it and its content are hidden from everyone (`hidden`, `aria-hidden="true"`).
        var isHidden: Bool
    }

    private(set) var diagnostics: [Diagnostic] = []
    private var open: [OpenLink] = []
    private var stack: [Element] = []

    /// Checks all tokens; a link never closed is checked at the end of input.
    mutating func check(_ tokens: [ScannedToken]) {
        for token in tokens {
            switch token {
            case .startTag(let tag): start(tag)
            case .text(let text, _):
                if Self.textShowsSomething(text) { nameOpenLinks() }
            case .endTag(let name, _): end(name)
            case .doctype, .comment: break
            }
        }
        while let link = open.popLast() { report(link) }
    }

    private mutating func start(_ tag: StartTag) {
        let isForeign = (stack.last?.isForeign ?? false) || HTML5Vocabulary.foreignRoots.contains(tag.name)
        let isHidden = tag.attribute("hidden") != nil || tag.value(of: "aria-hidden")?.lowercased() == "true"
        let element = Element(
            name: tag.name, isForeign: isForeign,
            hidesContent: isHidden || ["script", "style", "template"].contains(tag.name) && !isForeign, isHidden: isHidden)
        let labelled = ["aria-label", "aria-labelledby"].contains { Self.isNonBlank(tag.value(of: $0)) }
        let isLink = tag.name == "a" && (tag.attribute("href") != nil || isForeign && tag.attribute("xlink:href") != nil)
        if !isHidden, !isLink, labelled || tag.name == "img" && Self.isNonBlank(tag.value(of: "alt")) {
            nameOpenLinks()
        }
        let closesItself = tag.isSelfClosing && isForeign || !isForeign && HTML5Vocabulary.voidElements.contains(tag.name)
        if isLink, !isHidden, !stack.contains(where: \.isHidden) {
            let link = OpenLink(
                position: tag.position, isNamed: labelled || Self.isNonBlank(tag.value(of: "title")), depth: stack.count)
            // `<a/>` is an empty link in SVG; in HTML the slash is ignored and the link stays open.
            if closesItself { report(link) } else { open.append(link) }
        }
        if !closesItself { stack.append(element) }
    }

    private mutating func end(_ name: String) {
        guard let index = stack.lastIndex(where: { $0.name == name }) else { return }
        while let link = open.last, link.depth >= index {
            open.removeLast()
            report(link)
        }
        stack.removeSubrange(index...)
    }

    /// Names every open link the current content is rendered in (no element between the
    /// link and the content hides it).
    private mutating func nameOpenLinks() {
        for index in open.indices where !open[index].isNamed {
            if !stack[(open[index].depth + 1)...].contains(where: \.hidesContent) { open[index].isNamed = true }
        }
    }

    private mutating func report(_ link: OpenLink) {
        guard !link.isNamed else { return }
        diagnostics.append(
            Diagnostic(
                line: link.position.line, column: link.position.column, code: .linkWithoutName,
                message:
                    "This link has no text: a screen reader can only read its address or \"link\" (WCAG 2.4.4); give it text, an img with alt, or aria-label."
            ))
    }

    /// Whether `value` (an attribute's, references decoded) holds a character a screen
    /// reader reads: neither white space nor invisible (Default_Ignorable_Code_Point,
    /// UAX #44: U+200B, U+FEFF, joiners…).
    private static func isNonBlank(_ value: String?) -> Bool {
        value?.unicodeScalars.contains(where: isVisible) ?? false
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && !scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Whether text as written (``ScannedToken/text(_:position:)`` keeps character references)
    /// shows a character: a numeric reference is its code point, a named one is visible
    /// unless it names a space or an invisible character (``blankNames``), and a `&` that
    /// starts no reference is itself visible.
    static func textShowsSomething(_ text: String) -> Bool {
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            if rest[..<ampersand].unicodeScalars.contains(where: isVisible) { return true }
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(40).firstIndex(of: ";") else { return true }
            let body = after[..<semicolon]
            if body.hasPrefix("#") {
                let digits = body.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard let value, let scalar = Unicode.Scalar(value) else { return true }
                if isVisible(scalar) { return true }
            } else if !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                if !blankNames.contains(String(body)) { return true }
            } else {
                return true
            }
            rest = after[after.index(after: semicolon)...]
        }
        return rest.unicodeScalars.contains(where: isVisible)
    }

    /// The named character references (WHATWG HTML §13.5) of white space and of invisible
    /// characters: `&nbsp;`, the sized spaces, the zero-width (non-)joiners and space, the
    /// direction marks, the soft hyphen and the invisible operators.
    static let blankNames: Set<String> = [
        "nbsp", "NonBreakingSpace", "ensp", "emsp", "emsp13", "emsp14", "numsp", "puncsp", "thinsp", "ThinSpace",
        "hairsp", "VeryThinSpace", "MediumSpace", "ThickSpace", "NegativeVeryThinSpace", "NegativeThinSpace",
        "NegativeMediumSpace", "NegativeThickSpace", "ZeroWidthSpace", "zwnj", "zwj", "lrm", "rlm", "shy", "NoBreak",
        "ic", "InvisibleComma", "it", "InvisibleTimes", "af", "ApplyFunction", "Tab", "NewLine",
    ]
}
