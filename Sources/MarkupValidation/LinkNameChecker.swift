// The rule that every link has a name: text a screen reader can say for it.

/// Reports each `<a href>` that has no accessible name: no text other than white
/// space and invisible characters inside it, no `img` with a non-empty `alt`, and no `aria-label`,
/// `aria-labelledby` or `title` of its own. A screen reader names such a link by
/// its address or as "link" (WCAG 2.2 SC 2.4.4 and 4.1.2; the name is computed
/// from the content, HTML-AAM §4.1 and accname 1.2 §4.3.2).
///
/// Reads the scanner's tokens in order: a link's content is what comes before its
/// `</a>` (a link cannot hold another; ``StructureChecker`` reports one that does).
struct LinkNameChecker {
    private struct OpenLink {
        var position: SourcePosition
        var isNamed: Bool
    }

    private(set) var diagnostics: [Diagnostic] = []
    private var open: [OpenLink] = []

    /// Checks all tokens; a link never closed is checked at the end of input.
    mutating func check(_ tokens: [ScannedToken]) {
        for token in tokens {
            switch token {
            case .startTag(let tag):
                if tag.name == "a", tag.attribute("href") != nil, !tag.isSelfClosing {
                    let labelled = ["aria-label", "aria-labelledby", "title"].contains { Self.isNonBlank(tag.value(of: $0)) }
                    open.append(OpenLink(position: tag.position, isNamed: labelled))
                } else if tag.name == "img", Self.isNonBlank(tag.value(of: "alt")) {
                    nameOpenLinks()
                }
            case .text(let text, _):
                if Self.textShowsSomething(text) { nameOpenLinks() }
            case .endTag(let name, _):
                if name == "a", let link = open.popLast() { report(link) }
            case .doctype, .comment:
                break
            }
        }
        while let link = open.popLast() { report(link) }
    }

    private mutating func nameOpenLinks() {
        for index in open.indices { open[index].isNamed = true }
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
