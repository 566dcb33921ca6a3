/// How one list shows its states: lazy loading, the display flags the
/// decision reads, and a ``PlaceholderConfiguration`` per placeholder kind.
///
/// Built in Swift with fluent methods, or read from the JSON configuration
/// file (`liststate serve --config FILE.json`, schema in docs/reference/configuration.md):
///
/// ```swift
/// let characters = ListConfiguration("characters")
///     .lazy()
///     .placeholder(.noResults) { $0
///         .title(LocalizedText("Nothing matches “{query}”", byLanguage: ["zh-Hans": "没有与“{query}”相符的字符"]))
///         .button(style: .secondary)
///     }
///     .endOfList("You have seen every character.")
/// ```
public struct ListConfiguration: Sendable, Hashable {
    /// The list's name: lower-case ASCII letters, digits and `-`, starting with a
    /// letter (`characters`). It names the list's classes in the generated stylesheet.
    public var name: String
    /// Whether a full page renders the shell at once, with the loading placeholder,
    /// and fetches its rows with a partial request (`hx-trigger="load"`); `lazy=0`
    /// renders the rows at once.
    public var isLazy: Bool = false
    /// `shouldDisplay` and `forceDisplay`, fed to every snapshot of this list.
    public var display: DisplayFlags = .standard
    /// The placeholders that differ from the built-in ones.
    public var placeholders: [PlaceholderKind: PlaceholderConfiguration] = [:]
    /// The end-of-list footer's sentence; `nil` keeps the built-in one.
    public var endOfList: LocalizedText?

    /// Creates the built-in configuration of list `name`.
    ///
    /// - Parameter name: The list's name.
    public init(_ name: String) {
        self.name = name
    }

    /// The placeholder configuration of `kind` (the built-in one when none was set).
    public func placeholder(_ kind: PlaceholderKind) -> PlaceholderConfiguration {
        placeholders[kind] ?? PlaceholderConfiguration()
    }

    /// Makes the list lazy (or not). - Returns: The changed copy.
    public func lazy(_ isLazy: Bool = true) -> Self { with { $0.isLazy = isLazy } }
    /// Sets whether an empty list shows a placeholder at all. - Returns: The changed copy.
    public func shouldDisplay(_ shouldDisplay: Bool) -> Self { with { $0.display.shouldDisplay = shouldDisplay } }
    /// Forces a placeholder above the rows (`nil`: none). - Returns: The changed copy.
    public func forceDisplay(_ kind: PlaceholderKind?) -> Self { with { $0.display.forceDisplay = kind } }
    /// Changes the placeholder of `kind`, starting from its current configuration.
    ///
    /// - Parameters:
    ///   - kind: The placeholder kind.
    ///   - configure: Returns the changed configuration.
    /// - Returns: The changed copy.
    public func placeholder(
        _ kind: PlaceholderKind,
        _ configure: (PlaceholderConfiguration) -> PlaceholderConfiguration
    ) -> Self {
        with { $0.placeholders[kind] = configure($0.placeholder(kind)) }
    }
    /// Sets the end-of-list footer's sentence. - Returns: The changed copy.
    public func endOfList(_ text: LocalizedText) -> Self { with { $0.endOfList = text } }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }

    /// Whether `name` is a valid list name: any text but the empty one (a list
    /// over a table is named by the table, whatever its name holds).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
    }

    /// The problems of this configuration with the key at fault, as the JSON file
    /// spells it from the list down (`placeholders.noResults.spacing`); empty when valid.
    ///
    /// - Returns: `(key, message)` pairs.
    public func problems() -> [(key: String, message: String)] {
        var problems: [(key: String, message: String)] = []
        if !Self.isValidName(name) {
            problems.append(("", "a list's name cannot be empty"))
        }
        if display.forceDisplay == .offline {
            problems.append(("forceDisplay", "“offline” cannot be forced: only the browser knows it is offline"))
        }
        for kind in PlaceholderKind.allCases {
            guard let placeholder = placeholders[kind] else { continue }
            for problem in placeholder.problems() {
                problems.append(("placeholders.\(kind.rawValue).\(problem.key)", problem.message))
            }
        }
        return problems
    }
}
