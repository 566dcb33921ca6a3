import ListDecision

/// Every key of the configuration file, by the object that holds it: the
/// parser (``ConfigurationFile``) refuses any other, and
/// docs/reference/configuration.md documents each (a test holds them equal).
package enum ConfigurationKeys {
    /// The file's top object.
    static let top = ["lists", "server", "upstreams"]
    /// An upstream list's object (`UpstreamDeclaration.keys` of the module UpstreamStore, which
    /// reads it; a test of the `liststate` command holds the two equal).
    package static let upstream = [
        "url", "rows", "key", "columns", "pagination", "limitParameter", "searchParameter", "rowURL", "headers", "pathPrefixes",
        "timeLimit", "connections", "maximumBodyBytes", "keepFor", "staleFor", "pauseAfter", "pauseFor", "caFile", "sorts", "filters",
    ]
    /// A list's object, for every list.
    static let list = ["lazy", "shouldDisplay", "forceDisplay", "endOfList", "placeholders"]
    /// A list's object over a table, beside ``list``.
    static let tableList = TableListSettings.keys
    /// A list's `placeholders` object: one key by placeholder kind.
    static let placeholders = PlaceholderKind.allCases.map(\.rawValue)
    /// A placeholder's object.
    static let placeholder = [
        "title", "detail", "image", "button", "background", "partial", "layout",
        "verticalOffset", "spacing", "insets", "variant", "fadeIn", "allowsTouch", "allowsScroll",
    ]
    /// A placeholder's `background` as an object.
    static let background = ["light", "dark"]
    /// A placeholder's `insets`.
    static let insets = ["top", "right", "bottom", "left"]
    /// A placeholder's `image`.
    static let image = ["src", "alt", "width", "height", "animation"]
    /// A placeholder's `button`.
    static let button = ["label", "href", "request", "style"]
    /// A named filter's object (`lists.NAME.filters.FILTER`).
    static let filter = ["column", "op", "values", "label"]

    /// Each key by its whole path, `<list>`, `<kind>` and `<filter>` standing
    /// for any name; the `server` object's keys are `liststate serve`'s settings,
    /// read by the command line, not here.
    static var paths: [String] {
        let list = "lists.<list>"
        let placeholder = "\(list).placeholders.<kind>"
        let groups: [(prefix: String, keys: [String])] = [
            ("", top), (list, Self.list + tableList), ("\(list).placeholders", placeholders),
            (placeholder, Self.placeholder), ("\(placeholder).background", background),
            ("\(placeholder).insets", insets), ("\(placeholder).image", image),
            ("\(placeholder).button", button), ("\(list).filters.<filter>", filter), ("upstreams.<list>", upstream),
        ]
        return groups.flatMap { group in group.keys.map { group.prefix.isEmpty ? $0 : "\(group.prefix).\($0)" } }
    }
}
