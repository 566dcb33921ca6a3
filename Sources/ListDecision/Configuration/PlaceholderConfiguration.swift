/// How one placeholder of one list looks and reads: the settings of
/// DZNEmptyDataSet / EmptyDataSet-Swift / PageState, for HTML.
///
/// Every field starts at the built-in default; the fluent methods return a
/// changed copy, so a configuration reads as one expression:
///
/// ```swift
/// PlaceholderConfiguration()
///     .title("Nothing matches “{query}”")
///     .image("illustrations/no-results.svg", width: 120, height: 120)
///     .background(CSSColor(red: 0xff, green: 0xf8, blue: 0xe1))
///     .verticalOffset(-24)
/// ```
///
/// Appearance values (colours, offset, spacing, insets) become rules of the
/// stylesheet the server generates at start (`/-/placeholders.css`), never
/// inline `style` attributes, so the Content-Security-Policy stays strict.
public struct PlaceholderConfiguration: Sendable, Hashable {
    /// A part the built-in content has (image, button) kept, hidden or replaced.
    public enum Customization<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The built-in part of the kind.
        case builtIn
        /// No such part.
        case hidden
        /// This part instead.
        case custom(Value)
    }

    /// How the content sits in the list region (DZNEmptyDataSet's custom view and
    /// vertical offset; EmptyDataSet-Swift's `verticalOffset`, PageState's insets).
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Centred, moved by ``PlaceholderConfiguration/verticalOffset``.
        case centered
        /// Filling the list region (at least 60 % of the viewport's height), padded by ``PlaceholderConfiguration/insets``.
        case fill
        /// A template partial of the user's draws everything inside the placeholder
        /// (``PlaceholderConfiguration/partial``): their "custom view".
        case custom
    }

    /// The weight of the placeholder.
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        /// A panel with a large heading and a filled button.
        case prominent
        /// Plain text on the page, a smaller heading.
        case subtle
    }

    /// Padding around a filling placeholder, in CSS pixels (0...400 each).
    public struct Insets: Sendable, Hashable {
        /// Top padding.
        public var top: Int
        /// Right padding.
        public var right: Int
        /// Bottom padding.
        public var bottom: Int
        /// Left padding.
        public var left: Int

        /// Creates insets.
        public init(top: Int = 0, right: Int = 0, bottom: Int = 0, left: Int = 0) {
            self.top = top
            self.right = right
            self.bottom = bottom
            self.left = left
        }
    }

    /// A background colour for the light scheme and, optionally, another for the dark one.
    /// The text colour is chosen to contrast with it (WCAG 2.2 SC 1.4.3, at least 4.5:1).
    public struct Background: Sendable, Hashable {
        /// The colour under `prefers-color-scheme: light` (and when no dark one is given).
        public var light: CSSColor
        /// The colour under `prefers-color-scheme: dark`; `nil` uses `light`.
        public var dark: CSSColor?

        /// Creates a background.
        public init(light: CSSColor, dark: CSSColor? = nil) {
            self.light = light
            self.dark = dark
        }
    }

    /// The heading; `nil` keeps the built-in one. May hold `{query}`.
    public var title: LocalizedText?
    /// The sentence under the heading; `nil` keeps the built-in one. May hold `{query}`.
    public var detail: LocalizedText?
    /// The illustration.
    public var image: Customization<PlaceholderImage> = .builtIn
    /// The action.
    public var button: Customization<PlaceholderButton> = .builtIn
    /// The background colour, or `nil` for the stylesheet's panel colour.
    public var background: Background?
    /// The name of a template partial that replaces the default content when
    /// ``layout`` is `.custom` (its context is the placeholder's: `title`, `detail`, `image`, `button`, …).
    public var partial: String?
    /// The layout.
    public var layout: Layout = .centered
    /// How far the centred content moves down (negative: up), in CSS pixels, -400...400.
    public var verticalOffset: Int = 0
    /// The space between image, heading, detail and button in CSS pixels (0...200); `nil` keeps the stylesheet's.
    public var spacing: Int?
    /// The padding of a filling placeholder; `nil` keeps the stylesheet's.
    public var insets: Insets?
    /// The weight.
    public var variant: Variant = .prominent
    /// Whether the placeholder fades in when it appears (never under `prefers-reduced-motion`).
    public var fadesIn: Bool = true
    /// Whether taps and clicks on the placeholder's text and image reach it (`false`:
    /// they pass through, `pointer-events: none`); its button always stays usable.
    public var allowsTouch: Bool = true
    /// Whether the placeholder may scroll when its content is taller than its box
    /// (`false`: `overflow: hidden` and no scroll chaining).
    public var allowsScroll: Bool = true

    /// Creates the built-in configuration.
    public init() {}

    // MARK: Fluent setters

    /// Sets the heading. - Returns: The changed copy.
    public func title(_ text: LocalizedText) -> Self { with { $0.title = text } }
    /// Sets the sentence under the heading. - Returns: The changed copy.
    public func detail(_ text: LocalizedText) -> Self { with { $0.detail = text } }
    /// Sets the illustration.
    ///
    /// - Parameters:
    ///   - path: The path below the static folder.
    ///   - alternativeText: The text alternative, or `nil` for a decorative image.
    ///   - width: Intrinsic width in CSS pixels.
    ///   - height: Intrinsic height in CSS pixels.
    ///   - animation: The animation.
    /// - Returns: The changed copy.
    public func image(
        _ path: String, alternativeText: LocalizedText? = nil, width: Int = 96, height: Int = 96,
        animation: PlaceholderImage.Animation = .none
    ) -> Self {
        with {
            $0.image = .custom(
                PlaceholderImage(
                    path: path, alternativeText: alternativeText, width: width,
                    height: height, animation: animation))
        }
    }
    /// Removes the illustration. - Returns: The changed copy.
    public func withoutImage() -> Self { with { $0.image = .hidden } }
    /// Sets the action.
    ///
    /// - Parameters:
    ///   - label: The label, or `nil` for the built-in one.
    ///   - href: A same-site path, or `nil` for the built-in target.
    ///   - request: Plain link or partial request.
    ///   - style: The look.
    /// - Returns: The changed copy.
    public func button(
        _ label: LocalizedText? = nil, href: String? = nil,
        request: PlaceholderButton.Request = .partial, style: PlaceholderButton.Style = .primary
    ) -> Self {
        with { $0.button = .custom(PlaceholderButton(label: label, href: href, request: request, style: style)) }
    }
    /// Removes the action. - Returns: The changed copy.
    public func withoutButton() -> Self { with { $0.button = .hidden } }
    /// Sets the background colour(s). - Returns: The changed copy.
    public func background(_ light: CSSColor, dark: CSSColor? = nil) -> Self {
        with { $0.background = Background(light: light, dark: dark) }
    }
    /// Replaces the default content with a template partial (layout `.custom`). - Returns: The changed copy.
    public func partial(_ name: String) -> Self {
        with {
            $0.partial = name
            $0.layout = .custom
        }
    }
    /// Centres the content, moved down by `offset` CSS pixels (negative: up). - Returns: The changed copy.
    public func centered(offset: Int = 0) -> Self {
        with {
            $0.layout = .centered
            $0.verticalOffset = offset
        }
    }
    /// Moves the centred content down by `offset` CSS pixels (negative: up). - Returns: The changed copy.
    public func verticalOffset(_ offset: Int) -> Self { with { $0.verticalOffset = offset } }
    /// Fills the list region, padded by `insets`. - Returns: The changed copy.
    public func fill(insets: Insets? = nil) -> Self {
        with {
            $0.layout = .fill
            $0.insets = insets
        }
    }
    /// Sets the space between parts in CSS pixels. - Returns: The changed copy.
    public func spacing(_ pixels: Int) -> Self { with { $0.spacing = pixels } }
    /// Sets the weight. - Returns: The changed copy.
    public func variant(_ variant: Variant) -> Self { with { $0.variant = variant } }
    /// Sets whether the placeholder fades in. - Returns: The changed copy.
    public func fadesIn(_ fadesIn: Bool) -> Self { with { $0.fadesIn = fadesIn } }
    /// Sets whether taps reach the placeholder. - Returns: The changed copy.
    public func allowsTouch(_ allowsTouch: Bool) -> Self { with { $0.allowsTouch = allowsTouch } }
    /// Sets whether the placeholder may scroll. - Returns: The changed copy.
    public func allowsScroll(_ allowsScroll: Bool) -> Self { with { $0.allowsScroll = allowsScroll } }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }

    // MARK: Validation

    /// Whether the configuration changes the generated stylesheet.
    public var hasAppearance: Bool {
        background != nil || verticalOffset != 0 || spacing != nil || insets != nil || !allowsTouch || !allowsScroll
    }

    /// The problems of this configuration, each with the key at fault (as the
    /// JSON configuration file spells it) and what is wrong; empty when valid.
    ///
    /// - Returns: `(key, message)` pairs, in key order.
    public func problems() -> [(key: String, message: String)] {
        var problems: [(key: String, message: String)] = []
        func check(_ condition: Bool, _ key: String, _ message: @autoclosure () -> String) {
            if !condition { problems.append((key, message())) }
        }
        if case .custom(let image) = image {
            check(
                PlaceholderImage.isSafePath(image.path), "image.src",
                "“\(image.path)” is not a path below the static folder (no leading “/”, no “..”, no scheme)")
            check((1...1024).contains(image.width), "image.width", "\(image.width) is not a width from 1 to 1024 pixels")
            check((1...1024).contains(image.height), "image.height", "\(image.height) is not a height from 1 to 1024 pixels")
        }
        if case .custom(let button) = button, let href = button.href {
            check(
                PlaceholderButton.isSafeHref(href), "button.href",
                "“\(href)” is not a path on this site (it starts with one “/” and has no space, control, quote, “<”, “>”, backtick or backslash)")
        }
        if layout == .custom {
            check(partial != nil, "layout", "the custom layout needs a “partial”")
        }
        if let partial {
            check(layout == .custom, "partial", "a partial replaces the content only with the custom layout")
            check(
                !partial.isEmpty && partial.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") },
                "partial", "“\(partial)” is not a template name (letters, digits, “-” and “_”)")
        }
        check((-400...400).contains(verticalOffset), "verticalOffset", "\(verticalOffset) is not an offset from -400 to 400 pixels")
        if verticalOffset != 0 { check(layout == .centered, "verticalOffset", "a vertical offset applies to the centred layout only") }
        if let spacing { check((0...200).contains(spacing), "spacing", "\(spacing) is not a spacing from 0 to 200 pixels") }
        if let insets {
            for (name, value) in [("top", insets.top), ("right", insets.right), ("bottom", insets.bottom), ("left", insets.left)] {
                check((0...400).contains(value), "insets.\(name)", "\(value) is not an inset from 0 to 400 pixels")
            }
            check(layout == .fill, "insets", "insets apply to the fill layout only")
        }
        return problems
    }
}
