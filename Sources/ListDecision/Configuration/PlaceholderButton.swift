/// The action of a placeholder (DZNEmptyDataSet's `buttonTitleForEmptyDataSet`
/// and `emptyDataSet:didTapButton:`): always a real link, so it works without
/// JavaScript and by keyboard.
public struct PlaceholderButton: Sendable, Hashable {
    /// What following the button does.
    public enum Request: String, Sendable, Hashable, CaseIterable {
        /// A plain link: the browser loads the page.
        case link
        /// A partial request: the link also carries `hx-get`, `hx-target="#list"`
        /// and `hx-swap="outerHTML"`, so the client script swaps the list region only.
        case partial
    }

    /// How the button looks.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// A filled button (the default).
        case primary
        /// An outlined button.
        case secondary
        /// A text link, at least 24 × 24 px to touch (WCAG 2.2 SC 2.5.8).
        case link
    }

    /// The label; `nil` keeps the built-in label of the kind.
    public var label: LocalizedText?
    /// Where it leads: a same-site path (`/…`) or `nil` for the kind's built-in
    /// target (retry the same page, clear the query, start over, …).
    public var href: String?
    /// Whether it is a plain link or a partial request.
    public var request: Request
    /// How it looks.
    public var style: Style

    /// Creates a button.
    ///
    /// - Parameters:
    ///   - label: The label, or `nil` for the built-in one.
    ///   - href: A same-site path, or `nil` for the built-in target.
    ///   - request: Plain link or partial request; default partial.
    ///   - style: The look; default primary.
    public init(label: LocalizedText? = nil, href: String? = nil, request: Request = .partial, style: Style = .primary) {
        self.label = label
        self.href = href
        self.request = request
        self.style = style
    }

    /// Whether `href` is a same-site path: it starts with one `/` and holds no
    /// white space, quote or angle bracket.
    public static func isSafeHref(_ href: String) -> Bool {
        href.hasPrefix("/") && !href.hasPrefix("//") && !href.hasPrefix("/\\")
            && href.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !"\"'<>`\\".unicodeScalars.contains($0) }
    }
}
