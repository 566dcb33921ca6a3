// The rule that every link has a name: text a screen reader can say for it.

/// Reports each `<a href>` that has no accessible name: no text other than white
/// space inside it, no `img` with a non-empty `alt`, and no `aria-label`,
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
                if !text.allSatisfy(\.isWhitespace) { nameOpenLinks() }
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

    private static func isNonBlank(_ value: String?) -> Bool {
        value.map { !$0.allSatisfy(\.isWhitespace) } ?? false
    }
}
