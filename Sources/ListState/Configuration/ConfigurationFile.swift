import Foundation
import ListDecision
import ListStore
import Mustache

/// Reads the JSON configuration file of `liststate serve --config FILE.json`
/// into list configurations. docs/reference/configuration.md is the schema; in short:
///
/// ```json
/// { "lists": { "characters": {
///     "lazy": true, "shouldDisplay": true, "forceDisplay": null,
///     "endOfList": "You have seen them all.",
///     "placeholders": { "noResults": { "title": {"en": "…", "zh-Hans": "…"}, "background": "#fff8e1" } }
/// } } }
/// ```
///
/// An unknown key or a value of the wrong type or range is an error that names
/// the file and the key; nothing is ignored silently.
package enum ConfigurationFile {
    /// Reads and checks a configuration file.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - knownLists: The names of the lists the server serves.
    /// - Returns: The list configurations, by list name.
    /// - Throws: `ConfigurationError` naming the file and the key at fault.
    package static func load(path: String, knownLists: [String]) throws(ConfigurationError) -> [ListConfiguration] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError.unreadable(path)
        }
        return try parse(data, file: path, knownLists: knownLists)
    }

    /// Parses configuration JSON.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - file: The file name errors report.
    ///   - knownLists: The names of the lists the server serves.
    /// - Returns: The list configurations.
    /// - Throws: `ConfigurationError` naming the file and the key at fault.
    package static func parse(_ data: Data, file: String, knownLists: [String]) throws(ConfigurationError) -> [ListConfiguration] {
        try parse(data, file: file, knownLists: knownLists, tables: false).lists
    }

    /// Reads a configuration file for lists over tables: any list name is
    /// taken (the tables are read later; `TableCatalog` refuses a name no
    /// table has), and each list may also have the keys of ``TableListSettings``.
    /// - Returns: The placeholder configurations, and the table settings by list name.
    /// - Throws: `ConfigurationError` naming the file and the key at fault.
    package static func loadForTables(path: String) throws(ConfigurationError)
        -> (lists: [ListConfiguration], tables: [String: TableListSettings])
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError.unreadable(path)
        }
        return try parse(data, file: path, knownLists: [], tables: true)
    }

    /// The file's JSON. A syntax error names its line and column; an object that holds
    /// a name twice is refused, naming it (JSON keeps the last one silently: a second
    /// `"products"` undid the first one's `hiddenColumns`; found by a break-it pass).
    static func json(_ data: Data, file: String?) throws(ConfigurationError) -> MustacheValue {
        do {
            let root = try MustacheValue(jsonData: data)
            if let repeated = JSONStructure.firstRepeatedName(in: Array(data)) {
                let key = repeated.path.isEmpty ? repeated.name : repeated.path + "." + repeated.name
                throw ConfigurationError(
                    file: file, key: key, message: "named twice in one object (again on line \(repeated.line)); name it once")
            }
            return root
        } catch let error as ConfigurationError {
            throw error
        } catch {
            let place = JSONStructure.place(of: error, in: Array(data)).map { " (\($0))" } ?? ""
            throw ConfigurationError(file: file, key: "", message: "the file is not valid JSON\(place)")
        }
    }

    /// The `server` object of the file at `path`: `liststate serve`'s settings
    /// by key (`"port": 8080`, `"queryTimeout": 1.5`, `"dev": true`), each
    /// value as the text a flag would give (a number as written, `true` or
    /// `false`); empty when the file has none. The caller checks the keys and
    /// values and names the file and the key when one is wrong.
    /// - Throws: `ConfigurationError` when the file cannot be read, is not
    ///   JSON, or a value is not a string, a number or true/false.
    package static func serverSettings(path: String) throws(ConfigurationError) -> [(key: String, value: String)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError.unreadable(path)
        }
        let root = try json(data, file: path)
        let reader = Reader(file: path)
        guard let server = try reader.object(root, at: "")["server"] else { return [] }
        let fields = try reader.object(server, at: "server")
        return try fields.names.sorted().map { (name) throws(ConfigurationError) -> (key: String, value: String) in
            switch fields[name] {
            case .string(let text): (name, text)
            case .int(let number): (name, String(number))
            // 18647.0 is the number 18647 (found by QA: it was refused as a port).
            case .double(let number) where number == number.rounded() && abs(number) < 1e15: (name, String(Int(number)))
            case .double(let number): (name, String(number))
            case .bool(let flag): (name, flag ? "true" : "false")
            default: throw reader.error("server.\(name)", "must be a string, a number or true/false")
            }
        }
    }

    /// The `upstreams` object of the file at `path`: each upstream list's name and its object,
    /// in name order (the caller reads each and names `upstreams.NAME.KEY` when one is wrong).
    /// - Throws: `ConfigurationError` when the file cannot be read, is not JSON, or
    ///   `upstreams` or one of its values is not an object.
    package static func upstreams(path: String) throws(ConfigurationError) -> [(name: String, fields: MustacheFields)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError.unreadable(path)
        }
        let reader = Reader(file: path)
        guard let upstreams = try reader.object(try json(data, file: path), at: "")["upstreams"] else { return [] }
        let fields = try reader.object(upstreams, at: "upstreams")
        return try fields.names.sorted().map { (name) throws(ConfigurationError) -> (name: String, fields: MustacheFields) in
            (name, try reader.object(fields[name] ?? .null, at: "upstreams.\(name)"))
        }
    }

    /// Parses configuration JSON; with `tables`, every list name is taken and may have table settings.
    static func parse(
        _ data: Data, file: String, knownLists: [String],
        tables: Bool
    ) throws(ConfigurationError) -> (lists: [ListConfiguration], tables: [String: TableListSettings]) {
        let root = try json(data, file: file)
        let reader = Reader(file: file)
        let top = try reader.object(root, at: "")
        // `server` holds `liststate serve`'s settings (``serverSettings(path:)``).
        try reader.onlyKeys(top, ConfigurationKeys.top, at: "")
        guard let listsValue = top["lists"] else { return ([], [:]) }
        let lists = try reader.object(listsValue, at: "lists")
        var result: [ListConfiguration] = []
        var settings: [String: TableListSettings] = [:]
        for name in lists.names.sorted() {
            let key = "lists.\(name)"
            guard tables || knownLists.contains(name) else {
                throw reader.error(key, "there is no list named “\(name)” (lists: \(knownLists.joined(separator: ", ")))")
            }
            var fields = try reader.object(lists[name] ?? .null, at: key)
            if tables {
                settings[name] = try reader.tableSettings(fields, at: key)
                for tableKey in TableListSettings.keys { fields[tableKey] = nil }
            }
            result.append(try reader.list(name, .dictionary(fields), at: key, alsoKnown: tables ? TableListSettings.keys : []))
        }
        return (result, settings)
    }
}

/// The typed reading of the JSON tree, each step knowing its key path.
private struct Reader {
    let file: String

    func error(_ key: String, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, key: key, message: message)
    }

    func object(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> MustacheFields {
        guard case .dictionary(let fields) = value else { throw error(key, "must be an object") }
        return fields
    }

    func onlyKeys(_ fields: MustacheFields, _ allowed: [String], at key: String) throws(ConfigurationError) {
        for name in fields.names.sorted() where !allowed.contains(name) {
            let path = key.isEmpty ? name : "\(key).\(name)"
            throw error(path, "unknown key (known here: \(allowed.joined(separator: ", ")))")
        }
    }

    func bool(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> Bool {
        guard case .bool(let flag) = value else { throw error(key, "must be true or false") }
        return flag
    }

    func int(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> Int {
        switch value {
        case .int(let number): return number
        case .double(let number) where number == number.rounded() && abs(number) < 1e9: return Int(number)
        default: throw error(key, "must be a whole number of CSS pixels")
        }
    }

    func string(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> String {
        guard case .string(let text) = value else { throw error(key, "must be a string") }
        return text
    }

    func choice<T: RawRepresentable & CaseIterable>(_ value: MustacheValue, at key: String, as: T.Type) throws(ConfigurationError) -> T where T.RawValue == String {
        let text = try string(value, at: key)
        guard let result = T(rawValue: text) else {
            throw error(key, "“\(text)” is not one of \(T.allCases.map { "“\($0.rawValue)”" }.joined(separator: ", "))")
        }
        return result
    }

    /// A string, or an object of strings by language tag, each ``shown(_:at:mayBeEmpty:)``.
    func text(_ value: MustacheValue, at key: String, mayBeEmpty: Bool = false) throws(ConfigurationError) -> LocalizedText {
        switch value {
        case .string(let text):
            return LocalizedText(try shown(.string(text), at: key, mayBeEmpty: mayBeEmpty))
        case .dictionary(let fields):
            let tags = Language.allCases.map(\.tag)
            try onlyKeys(fields, tags, at: key)
            var byLanguage: [String: String] = [:]
            for (tag, text) in fields { byLanguage[tag] = try shown(text, at: "\(key).\(tag)", mayBeEmpty: mayBeEmpty) }
            return LocalizedText(byLanguage: byLanguage)
        default:
            throw error(key, "must be a string, or an object of strings by language (en, zh-Hans, zh-Hant)")
        }
    }

    /// A string a page shows: no character a page cannot show (a control character,
    /// a direction control or a noncharacter: ``VisibleText/needsEscape(_:)``), and
    /// unless `mayBeEmpty`, something to see. Found by a break-it pass: a NUL went into
    /// `<title>`, and an empty placeholder title, button label or column label made
    /// markup the checker refuses (an empty heading, a link without a name).
    func shown(_ value: MustacheValue, at key: String, mayBeEmpty: Bool = false) throws(ConfigurationError) -> String {
        let text = try string(value, at: key)
        if let scalar = text.unicodeScalars.first(where: VisibleText.needsEscape) {
            throw error(
                key,
                "holds \(HexFormatting.string(prefix: "U+", scalar.value, minimumDigits: 4, uppercase: true)), which a page "
                    + "cannot show (a control character, a direction control or a noncharacter)")
        }
        if !mayBeEmpty, !VisibleText.showsSomething(text) { throw error(key, "needs words (leave it out for none or the built-in ones)") }
        return text
    }

    func color(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> CSSColor {
        let text = try string(value, at: key)
        guard let color = CSSColor(parsing: text) else {
            throw error(key, "“\(text)” is not a colour (write #rgb, #rrggbb, #rrggbbaa or rgb(r, g, b))")
        }
        return color
    }

    /// - Parameter alsoKnown: The keys read before (a table list's settings), named too
    ///   when a key is unknown (found by a break-it pass: `hiddenColumn` was told of
    ///   five keys, none of them the one meant).
    func list(_ name: String, _ value: MustacheValue, at key: String, alsoKnown: [String] = []) throws(ConfigurationError)
        -> ListConfiguration
    {
        let fields = try object(value, at: key)
        try onlyKeys(fields, alsoKnown + ConfigurationKeys.list, at: key)
        var list = ListConfiguration(name)
        if let value = fields["lazy"] { list.isLazy = try bool(value, at: "\(key).lazy") }
        if let value = fields["shouldDisplay"] { list.display.shouldDisplay = try bool(value, at: "\(key).shouldDisplay") }
        if let value = fields["forceDisplay"] {
            if case .null = value {
            } else {
                list.display.forceDisplay = try choice(value, at: "\(key).forceDisplay", as: PlaceholderKind.self)
            }
        }
        if let value = fields["endOfList"] { list.endOfList = try text(value, at: "\(key).endOfList") }
        if let value = fields["placeholders"] {
            let placeholders = try object(value, at: "\(key).placeholders")
            try onlyKeys(placeholders, ConfigurationKeys.placeholders, at: "\(key).placeholders")
            for (kindName, settings) in placeholders {
                guard let kind = PlaceholderKind(rawValue: kindName) else { continue }
                list.placeholders[kind] = try placeholder(settings, at: "\(key).placeholders.\(kindName)")
            }
        }
        if let problem = list.problems().first {
            throw error(problem.key.isEmpty ? key : "\(key).\(problem.key)", problem.message)
        }
        return list
    }

    /// The ``TableListSettings`` keys of a list's object (the others are the list's placeholder keys).
    func tableSettings(_ fields: MustacheFields, at key: String) throws(ConfigurationError) -> TableListSettings {
        var settings = TableListSettings()
        func names(_ name: String) throws(ConfigurationError) -> [String]? {
            guard let value = fields[name] else { return nil }
            guard case .array(let items) = value else { throw error("\(key).\(name)", "must be an array of column names") }
            var result: [String] = []
            for (index, item) in items.enumerated() { result.append(try string(item, at: "\(key).\(name)[\(index)]")) }
            return result
        }
        if let value = fields["title"] { settings.title = try shown(value, at: "\(key).title", mayBeEmpty: true) }
        if let value = fields["description"] { settings.description = try shown(value, at: "\(key).description") }
        if let value = fields["hidden"] { settings.isHidden = try bool(value, at: "\(key).hidden") }
        if let value = fields["sort"] { settings.sort = try string(value, at: "\(key).sort") }
        if let value = fields["layout"] { settings.layout = try choice(value, at: "\(key).layout", as: ListDefinition.Layout.self) }
        settings.columns = try names("columns")
        settings.hiddenColumns = try names("hiddenColumns") ?? []
        settings.searchColumns = try names("searchColumns")
        settings.key = try names("key")
        settings.facets = try names("facets") ?? []
        if let value = fields["labels"] {
            for (column, label) in try object(value, at: "\(key).labels") {
                settings.labels[column] = try shown(label, at: "\(key).labels.\(column)")
            }
        }
        if let value = fields["filters"] {
            for (name, filter) in try object(value, at: "\(key).filters").sorted(by: { $0.name < $1.name }) {
                settings.filters.append(try namedFilter(name, filter, at: "\(key).filters.\(name)"))
            }
        }
        return settings
    }

    /// A named filter: `{"column": C, "op": "exact"|"gt"|…, "values": [..] or {"given": "compared"}, "label": L}`.
    func namedFilter(_ name: String, _ value: MustacheValue, at key: String) throws(ConfigurationError) -> NamedFilter {
        let fields = try object(value, at: key)
        try onlyKeys(fields, ConfigurationKeys.filter, at: key)
        guard !name.isEmpty, VisibleText.isAcceptableParameter(name), !TableRequest.controlNames.contains(name) else {
            throw error(key, "a filter's name is a parameter: not empty, no control characters, not one of \(TableRequest.controlNames.sorted().joined(separator: ", "))")
        }
        // Found by a break-it pass: `price__gt` as a name took the column filter's parameter,
        // and no other spelling reached it.
        if let operation = RowFilter.Operation.allCases.first(where: { $0 != .exact && name.hasSuffix($0.suffix) }) {
            throw error(key, "a filter's name may not end in “\(operation.suffix)”: it reads as a column filter")
        }
        guard let column = fields["column"] else { throw error("\(key).column", "names the column the filter compares") }
        var filter = NamedFilter(name: name, column: try string(column, at: "\(key).column"))
        if let op = fields["op"] { filter.operation = try choice(op, at: "\(key).op", as: RowFilter.Operation.self) }
        if let label = fields["label"] { filter.label = try shown(label, at: "\(key).label") }
        switch fields["values"] {
        case nil:
            break
        case .array(let items)?:
            var values: [String: String] = [:]
            for (index, item) in items.enumerated() {
                let text = try string(item, at: "\(key).values[\(index)]")
                // Found by a break-it pass: a value given twice was taken silently.
                guard values.updateValue(text, forKey: text) == nil else { throw error("\(key).values[\(index)]", "“\(text)” is given twice") }
            }
            filter.values = values
        case let other?:
            var values: [String: String] = [:]
            for (given, compared) in try object(other, at: "\(key).values") {
                values[given] = try string(compared, at: "\(key).values.\(given)")
            }
            filter.values = values
        }
        // Found by a break-it pass: no value at all made every use of the filter a 400.
        if filter.values?.isEmpty == true { throw error("\(key).values", "lists no value (leave it out to take every value)") }
        return filter
    }

    func placeholder(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> PlaceholderConfiguration {
        let fields = try object(value, at: key)
        try onlyKeys(fields, ConfigurationKeys.placeholder, at: key)
        var result = PlaceholderConfiguration()
        if let value = fields["title"] { result.title = try text(value, at: "\(key).title") }
        if let value = fields["detail"] { result.detail = try text(value, at: "\(key).detail") }
        if let value = fields["image"] {
            if case .bool(false) = value {
                result.image = .hidden
            } else if case .null = value {
                result.image = .hidden
            } else {
                result.image = .custom(try image(value, at: "\(key).image"))
            }
        }
        if let value = fields["button"] {
            if case .bool(false) = value {
                result.button = .hidden
            } else if case .null = value {
                result.button = .hidden
            } else {
                result.button = .custom(try button(value, at: "\(key).button"))
            }
        }
        if let value = fields["background"] {
            switch value {
            case .string:
                result.background = .init(light: try color(value, at: "\(key).background"))
            case .dictionary(let scheme):
                try onlyKeys(scheme, ConfigurationKeys.background, at: "\(key).background")
                guard let light = scheme["light"] else { throw error("\(key).background.light", "is required") }
                result.background = .init(
                    light: try color(light, at: "\(key).background.light"),
                    dark: try scheme["dark"].map { value throws(ConfigurationError) in
                        try color(value, at: "\(key).background.dark")
                    })
            default:
                throw error("\(key).background", "must be a colour, or an object with “light” and “dark” colours")
            }
        }
        if let value = fields["partial"] {
            result.partial = try string(value, at: "\(key).partial")
            result.layout = .custom
        }
        if let value = fields["layout"] { result.layout = try choice(value, at: "\(key).layout", as: PlaceholderConfiguration.Layout.self) }
        if let value = fields["verticalOffset"] { result.verticalOffset = try int(value, at: "\(key).verticalOffset") }
        if let value = fields["spacing"] { result.spacing = try int(value, at: "\(key).spacing") }
        if let value = fields["insets"] {
            let insets = try object(value, at: "\(key).insets")
            try onlyKeys(insets, ConfigurationKeys.insets, at: "\(key).insets")
            var parsed = PlaceholderConfiguration.Insets()
            if let v = insets["top"] { parsed.top = try int(v, at: "\(key).insets.top") }
            if let v = insets["right"] { parsed.right = try int(v, at: "\(key).insets.right") }
            if let v = insets["bottom"] { parsed.bottom = try int(v, at: "\(key).insets.bottom") }
            if let v = insets["left"] { parsed.left = try int(v, at: "\(key).insets.left") }
            result.insets = parsed
        }
        if let value = fields["variant"] { result.variant = try choice(value, at: "\(key).variant", as: PlaceholderConfiguration.Variant.self) }
        if let value = fields["fadeIn"] { result.fadesIn = try bool(value, at: "\(key).fadeIn") }
        if let value = fields["allowsTouch"] { result.allowsTouch = try bool(value, at: "\(key).allowsTouch") }
        if let value = fields["allowsScroll"] { result.allowsScroll = try bool(value, at: "\(key).allowsScroll") }
        return result
    }

    func image(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> PlaceholderImage {
        let fields = try object(value, at: key)
        try onlyKeys(fields, ConfigurationKeys.image, at: key)
        guard let src = fields["src"] else { throw error("\(key).src", "is required") }
        var image = PlaceholderImage(path: try string(src, at: "\(key).src"))
        if let value = fields["alt"] { image.alternativeText = try text(value, at: "\(key).alt", mayBeEmpty: true) }
        if let value = fields["width"] { image.width = try int(value, at: "\(key).width") }
        if let value = fields["height"] { image.height = try int(value, at: "\(key).height") }
        if let value = fields["animation"] { image.animation = try choice(value, at: "\(key).animation", as: PlaceholderImage.Animation.self) }
        return image
    }

    func button(_ value: MustacheValue, at key: String) throws(ConfigurationError) -> PlaceholderButton {
        let fields = try object(value, at: key)
        try onlyKeys(fields, ConfigurationKeys.button, at: key)
        var button = PlaceholderButton()
        if let value = fields["label"] { button.label = try text(value, at: "\(key).label") }
        if let value = fields["href"] { button.href = try string(value, at: "\(key).href") }
        if let value = fields["request"] { button.request = try choice(value, at: "\(key).request", as: PlaceholderButton.Request.self) }
        if let value = fields["style"] { button.style = try choice(value, at: "\(key).style", as: PlaceholderButton.Style.self) }
        return button
    }
}
