import Foundation
import ListStore
import Mustache

/// An upstream JSON API declared as a list (the configuration file's `upstreams.NAME`;
/// docs/upstream.md): where its first page is, where the rows are in a body, the key, the
/// columns, how it pages, and what it may be sent.
package struct UpstreamDeclaration: Sendable {
    /// The list's name.
    package var name: String
    /// The first page's URL (`http` or `https`).
    package var url: String
    /// The rows' place in a body: a dotted path (`results`, `data`, `links.items`); empty: the body itself.
    package var rowsPath: [String]
    /// The key field of a row.
    package var key: String
    /// The columns shown, in order (the key first when not named), each a row's field or a dotted
    /// path into it (`attributes.title`, a JSON:API resource's), named by its last step
    /// (``columnName(_:)``); nil: the first page's fields, by name.
    package var columns: [String]?
    /// How the upstream pages.
    package var pagination: UpstreamPagination
    /// The query parameter that asks for a page size (`limit`, `per_page`); nil: the upstream's own size.
    package var limitParameter: String?
    /// The query parameter of a search; nil: the list has no search box.
    package var searchParameter: String?
    /// The query parameters that ask for each sort the upstream offers, by column: in ascending
    /// and in descending order (`ordering=name` and `ordering=-name`; GitHub's `sort=created` with
    /// `direction=asc` or `desc`). A column not named has no sort link.
    package var sorts: [String: (ascending: [(name: String, value: String)], descending: [(name: String, value: String)])]
    /// The query parameter of each filter the upstream offers, by column and operation
    /// (`{"active": {"exact": "active"}, "price": {"gte": "price_min"}}`); the visitor's value is sent as written.
    package var filters: [String: [RowFilter.Operation: String]]
    /// A row's URL, `{key}` standing for its percent-encoded key; nil: rows have no page of their own.
    package var rowURL: String?
    /// Header fields sent with every request, `${NAME}` replaced by the environment's value at start.
    package var headers: [(name: String, value: String)]
    /// The path prefixes every upstream address must start with; empty: any path of the origin.
    package var pathPrefixes: [String]
    /// The longest a page may take.
    package var timeLimit: Duration
    /// The most requests in flight to the upstream at once.
    package var connections: Int
    /// The largest body read, in bytes.
    package var maximumBodyBytes: Int
    /// How long a page read is answered again without asking the upstream (the response cache); zero: never.
    package var keepFor: Duration
    /// How long a page read is shown, marked as from then, when the upstream fails (RFC 5861's
    /// stale-if-error); zero: never, the failure is shown.
    package var staleFor: Duration
    /// Failures in a row after which the upstream is not asked for ``pauseFor`` (then one request
    /// probes it); zero: never paused but for its own `Retry-After`.
    package var pauseAfter: Int
    /// How long the upstream is left alone after ``pauseAfter`` failures in a row.
    package var pauseFor: Duration
    /// A PEM file of the certificate authorities trusted for the upstream's TLS, in place of the
    /// system's (a private upstream's); nil: the system's. Checked readable at start.
    package var caFile: String?

    /// Why a declaration cannot be used: the key (below `upstreams.NAME`) and what is wrong.
    package struct Problem: Error, Sendable, Equatable {
        package var key: String
        package var message: String
    }

    /// The keys an upstream's object may have.
    package static let keys = [
        "url", "rows", "key", "columns", "pagination", "limitParameter", "searchParameter", "rowURL", "headers", "pathPrefixes",
        "timeLimit", "connections", "maximumBodyBytes", "keepFor", "staleFor", "pauseAfter", "pauseFor", "caFile", "sorts", "filters",
    ]

    /// Reads `upstreams.NAME` of the configuration file; `environment` gives `${NAME}`'s values, and
    /// `folder` (the configuration file's; nil: the working directory) is where a relative `caFile` is.
    package init(name: String, fields: MustacheFields, environment: [String: String], folder: String? = nil) throws(Problem) {
        func text(_ key: String) throws(Problem) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw Problem(key: key, message: "must be a string")
            }
        }
        func number(_ key: String, _ range: ClosedRange<Double>, whole: Bool = false) throws(Problem) -> Double? {
            let value: Double
            switch fields[key] {
            case nil, .null?: return nil
            case .int(let number)?: value = Double(number)
            case .double(let number)?: value = number
            default: throw Problem(key: key, message: "must be a number")
            }
            guard !whole || value.rounded() == value else { throw Problem(key: key, message: "must be a whole number") }
            guard range.contains(value) else {
                throw Problem(key: key, message: "must be from \(range.lowerBound.formatted()) to \(range.upperBound.formatted())")
            }
            return value
        }
        for key in fields.names where !Self.keys.contains(key) {
            throw Problem(key: key, message: "is not a key of an upstream (keys: \(Self.keys.joined(separator: ", ")))")
        }
        self.name = name
        guard let url = try text("url") else { throw Problem(key: "url", message: "is required: the first page's address") }
        guard let origin = UpstreamAddress(url) else { throw Problem(key: "url", message: "“\(url)” is not an http:// or https:// address") }
        self.url = url
        rowsPath = (try text("rows") ?? "").split(separator: ".").map(String.init)
        guard let key = try text("key"), !key.isEmpty else { throw Problem(key: "key", message: "is required: the field that tells rows apart") }
        self.key = key
        switch fields["columns"] {
        case nil, .null?: columns = nil
        case .array(let names)?:
            var columns: [String] = []
            for name in names {
                guard case .string(let column) = name, !column.isEmpty, !column.hasSuffix("."),
                    !columns.contains(where: { Self.columnName($0) == Self.columnName(column) })
                else {
                    throw Problem(key: "columns", message: "must be distinct field names (a path's column is named by its last step)")
                }
                columns.append(column)
            }
            self.columns = columns.contains(key) ? columns : [key] + columns
        default: throw Problem(key: "columns", message: "must be an array of field names")
        }
        pagination = try UpstreamPagination(fields["pagination"])
        limitParameter = try text("limitParameter")
        searchParameter = try text("searchParameter")
        rowURL = try text("rowURL")
        if let rowURL, !rowURL.contains("{key}") || UpstreamAddress(rowURL.replacingOccurrences(of: "{key}", with: "1")) == nil {
            throw Problem(key: "rowURL", message: "must be an http:// or https:// address with {key} in it")
        }
        if let rowURL, UpstreamAddress(rowURL.replacingOccurrences(of: "{key}", with: "1"))?.origin != origin.origin {
            throw Problem(key: "rowURL", message: "must be on the origin of url (\(origin.origin))")
        }
        (sorts, filters) = try Self.sortsAndFilters(fields, columns: columns)
        headers = []
        switch fields["headers"] {
        case nil, .null?: break
        case .dictionary(let given)?:
            for field in given.names.sorted() {
                // A token of RFC 9110: an ASCII letter, digit or one of !#$%&'*+-.^_`|~.
                guard !field.isEmpty,
                    field.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) })
                else { throw Problem(key: "headers.\(field)", message: "is not a header field name") }
                guard case .string(let value)? = given[field] else { throw Problem(key: "headers.\(field)", message: "must be a string") }
                guard let resolved = Self.substitute(value, environment) else {
                    throw Problem(key: "headers.\(field)", message: "names an environment variable that is not set")
                }
                // A line break would end the field and start another (the environment's value too: a token file's last newline).
                guard !resolved.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                    throw Problem(key: "headers.\(field)", message: "must be one line: no CR, LF or NUL, in it or in the environment's values")
                }
                headers.append((field, resolved))
            }
        default: throw Problem(key: "headers", message: "must be an object of header fields")
        }
        switch fields["pathPrefixes"] {
        case nil, .null?: pathPrefixes = []
        case .array(let prefixes)?:
            pathPrefixes = try prefixes.map { (prefix) throws(Problem) -> String in
                guard case .string(let text) = prefix, text.hasPrefix("/") else {
                    throw Problem(key: "pathPrefixes", message: "must be paths that begin with /")
                }
                return text
            }
            guard pathPrefixes.contains(where: { origin.path.hasPrefix($0) }) else {
                throw Problem(key: "pathPrefixes", message: "must hold the path of url")
            }
            // Else every row page would be refused when asked for.
            if let rowURL, let row = UpstreamAddress(rowURL.replacingOccurrences(of: "{key}", with: "1")),
                !pathPrefixes.contains(where: { row.path.hasPrefix($0) })
            {
                throw Problem(key: "rowURL", message: "must be under pathPrefixes (\(pathPrefixes.joined(separator: ", ")))")
            }
        default: throw Problem(key: "pathPrefixes", message: "must be an array of paths")
        }
        timeLimit = .milliseconds(Int((try number("timeLimit", 0.1...60) ?? 5) * 1000))
        connections = Int(try number("connections", 1...64, whole: true) ?? 8)
        maximumBodyBytes = Int(try number("maximumBodyBytes", 1024...Double(256 << 20), whole: true) ?? Double(8 << 20))
        keepFor = .seconds(Int(try number("keepFor", 0...86_400, whole: true) ?? 0))
        staleFor = .seconds(Int(try number("staleFor", 0...604_800, whole: true) ?? 0))
        pauseAfter = Int(try number("pauseAfter", 0...1000, whole: true) ?? 5)
        pauseFor = .seconds(Int(try number("pauseFor", 1...3600, whole: true) ?? 30))
        caFile = try text("caFile").map { (path) throws(Problem) -> String in try Self.certificateFile(path, folder: folder) }
    }

    /// `path` (relative to `folder`) when it is a readable file with a PEM certificate in it: a
    /// file that is missing or holds none would fail every request later, as a TLS failure.
    static func certificateFile(_ path: String, folder: String?) throws(Problem) -> String {
        guard !path.isEmpty else { throw Problem(key: "caFile", message: "must be the path of a PEM file of certificates") }
        let full = path.hasPrefix("/") || folder == nil ? path : URL(fileURLWithPath: folder!).appending(path: path).path
        guard let contents = FileManager.default.contents(atPath: full) else {
            throw Problem(key: "caFile", message: "“\(full)” cannot be read: no such file, or not readable")
        }
        guard String(decoding: contents, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            throw Problem(key: "caFile", message: "“\(full)” holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return full
    }

    /// A column's name: a field's own, or a dotted path's last step (`attributes.title`: `title`).
    package static func columnName(_ path: String) -> String {
        path.split(separator: ".").last.map(String.init) ?? path
    }

    /// The operations a filter may be declared for: those whose value is one value as written.
    static let filterOperations: [RowFilter.Operation] = [.exact, .not, .gt, .gte, .lt, .lte, .contains]

    /// `sorts` and `filters` of `fields`, their columns among `columns` when those are declared.
    static func sortsAndFilters(_ fields: MustacheFields, columns: [String]?) throws(Problem) -> (
        sorts: [String: (ascending: [(name: String, value: String)], descending: [(name: String, value: String)])],
        filters: [String: [RowFilter.Operation: String]]
    ) {
        func column(_ name: String, of key: String) throws(Problem) {
            guard let names = columns?.map(columnName), !names.contains(name) else { return }
            throw Problem(key: "\(key).\(name)", message: "is not one of the columns (\(names.joined(separator: ", ")))")
        }
        func parameters(_ value: MustacheValue?, at key: String) throws(Problem) -> [(name: String, value: String)] {
            guard case .dictionary(let given)? = value, !given.names.isEmpty else {
                throw Problem(key: key, message: "must be an object of query parameters and their values, such as {\"ordering\": \"-name\"}")
            }
            return try given.names.sorted().map { (name) throws(Problem) -> (name: String, value: String) in
                guard !name.isEmpty, case .string(let text)? = given[name] else { throw Problem(key: "\(key).\(name)", message: "must be a string") }
                return (name, text)
            }
        }
        var sorts: [String: (ascending: [(name: String, value: String)], descending: [(name: String, value: String)])] = [:]
        switch fields["sorts"] {
        case nil, .null?: break
        case .dictionary(let given)?:
            for name in given.names {
                try column(name, of: "sorts")
                guard case .dictionary(let directions)? = given[name], Set(directions.names) == ["ascending", "descending"] else {
                    throw Problem(key: "sorts.\(name)", message: "must be an object with ascending and descending")
                }
                sorts[name] = (
                    try parameters(directions["ascending"], at: "sorts.\(name).ascending"),
                    try parameters(directions["descending"], at: "sorts.\(name).descending")
                )
            }
        default: throw Problem(key: "sorts", message: "must be an object: a column's sort parameters by direction")
        }
        var filters: [String: [RowFilter.Operation: String]] = [:]
        switch fields["filters"] {
        case nil, .null?: break
        case .dictionary(let given)?:
            for name in given.names {
                try column(name, of: "filters")
                guard case .dictionary(let operations)? = given[name], !operations.names.isEmpty else {
                    throw Problem(key: "filters.\(name)", message: "must be an object of operations and the query parameter of each")
                }
                for operation in operations.names {
                    guard let known = RowFilter.Operation(rawValue: operation), Self.filterOperations.contains(known) else {
                        throw Problem(
                            key: "filters.\(name).\(operation)",
                            message: "is not an operation an upstream's filter may have (\(Self.filterOperations.map(\.rawValue).joined(separator: ", ")))")
                    }
                    guard case .string(let parameter)? = operations[operation], !parameter.isEmpty else {
                        throw Problem(key: "filters.\(name).\(operation)", message: "must be the query parameter's name")
                    }
                    filters[name, default: [:]][known] = parameter
                }
            }
        default: throw Problem(key: "filters", message: "must be an object: a column's filter parameters by operation")
        }
        return (sorts, filters)
    }

    /// `text` with each `${NAME}` replaced by `environment[NAME]`; nil when one is not set.
    static func substitute(_ text: String, _ environment: [String: String]) -> String? {
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            guard let value = environment[String(rest[start.upperBound..<end])] else { return nil }
            result += rest[..<start.lowerBound] + value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
