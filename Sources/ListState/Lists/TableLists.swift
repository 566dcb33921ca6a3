import Foundation
import ListStore

/// The lists over users' tables and views, found by name byte for byte
/// (two names that look alike but differ in bytes are two lists).
package struct TableLists: Sendable {
    /// The lists, in the order the index shows them.
    package let lists: [ListDefinition]
    private let byName: [[UInt8]: Int]
    /// Which reading of the databases' schemas these lists are (``TableCatalog``
    /// counts them): part of a kept answer's key, so an answer drawn with a
    /// table's old columns is never found once the lists were read again.
    package internal(set) var generation = 0

    /// First path segments that are routes of ours, never list names (a list's former
    /// row addresses reserve their first segment too: ``reservedNames(besides:)``).
    package static let reservedNames: Set<String> = ["", "-", "static", "sw.js", "favicon.ico", "robots.txt"]

    /// ``reservedNames`` and the first segment of each of `lists`' former row addresses
    /// (``ListDefinition/formerDetailPrefix``: the catalogue's `/char/` reserves `char`).
    static func reservedNames(besides lists: [ListDefinition]) -> Set<String> {
        reservedNames.union(lists.compactMap { $0.formerDetailPrefix?.split(separator: "/").first.map(String.init) })
    }

    /// No lists.
    package init() {
        lists = []
        byName = [:]
    }

    /// Makes the set of `lists`.
    /// - Throws: `AppError.listName` for a reserved name or a name two lists share.
    package init(_ lists: [ListDefinition]) throws(AppError) {
        var byName: [[UInt8]: Int] = [:]
        let reserved = Self.reservedNames(besides: lists)
        for (index, list) in lists.enumerated() {
            guard !reserved.contains(list.name) else {
                throw AppError.listName(
                    list.name,
                    reason: "\(list.source.name) has a table or view of this name, "
                        + "which is an address of ListState's own (\(reserved.filter { !$0.isEmpty }.sorted().joined(separator: ", "))); "
                        + "rename it in the database")
            }
            if let other = byName[Array(list.name.utf8)] {
                throw AppError.listName(
                    list.name,
                    reason: "both \(lists[other].source.name) and \(list.source.name) have a "
                        + "table or view of this name; serve them separately")
            }
            byName[Array(list.name.utf8)] = index
        }
        self.lists = lists
        self.byName = byName
    }

    /// The list named `name` (compared byte for byte), or nil.
    package func list(named name: String) -> ListDefinition? {
        byName[Array(name.utf8)].map { lists[$0] }
    }

    /// A source for each database (in `paths` order), each checked: a file exists, can be read
    /// and is SQLite. A database server that cannot be reached now is kept, without a version
    /// (its lists appear once it answers, ``TableCatalog``); a file that cannot be read stops the start.
    /// - Parameter server: The source for an argument that names a database server
    ///   (a `postgresql://` URI), nil for a file.
    ///   - sortOrders: Where the files' sorted pages keep their orders; nil for none.
    /// - Returns: Each source with the schema version the check read (nil: not reached).
    /// - Throws: `AppError.database` naming the first database that cannot be served.
    static func open(
        databases paths: [String], queryTimeLimit: Double,
        server: (String) -> (any ListSource)? = { _ in nil }, sortOrders: KeptSortOrders? = nil,
        log: @escaping @Sendable (String) -> Void
    ) throws(AppError) -> [(source: any ListSource, schemaVersion: Int?)] {
        var sources: [(source: any ListSource, schemaVersion: Int?)] = []
        var seen: [FileIdentity: String] = [:]
        for path in paths {
            if let source = server(path) {
                switch source.schemaVersion() {
                case .success(let version):
                    sources.append((source, version))
                case .failure(let error) where error.isTransient:
                    log("\(source.name) cannot be read now (\(error.message)); its lists appear once it answers")
                    sources.append((source, nil))
                case .failure(let error):
                    throw AppError.database(source.name, reason: Self.reason(error, path: source.name))
                }
                continue
            }
            // The same file however it is spelled (`./a.sqlite`, an absolute path, a link).
            if let identity = FileIdentity(path: path) {
                if let first = seen[identity] {
                    throw AppError.database(path, reason: "the file is named twice (also as \(first))", problem: .namedTwice)
                }
                seen[identity] = path
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AppError.database(path, reason: "there is no such file (ListState never creates a database)", problem: .noInput)
            }
            guard !isDirectory.boolValue else {
                throw AppError.database(path, reason: "this is a folder, not a SQLite file", problem: .noInput)
            }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw AppError.database(path, reason: "this file cannot be read (permissions)", problem: .noInput)
            }
            let source = DatabaseSource(path: path, queryTimeLimit: queryTimeLimit, log: log, sortOrders: sortOrders)
            switch source.schemaVersion() {
            case .success(let version): sources.append((source, version))
            case .failure(let error): throw AppError.database(path, reason: Self.reason(error, path: path))
            }
        }
        return sources
    }

    /// The lists of every table and view of `sources`, read now, as `configuration` shapes them.
    /// - Throws: `AppError.database` when a file cannot be read, `AppError.listName` for a name that
    ///   cannot be used, `AppError.configuration` for a setting that names no table or column.
    /// - Parameters:
    ///   - unread: Sources not read now (a server that does not answer yet): their
    ///     lists are left out, and a setting naming no table is not an error while any is.
    ///   - leavingOut: While serving (the schema read again): a table whose list cannot be
    ///     made (its setting names no column of it, its name is one of ours or another
    ///     list's) is left out and said here, the others are served (found by QA: one such
    ///     table kept every later change from showing); nil at start, where it stops the start.
    ///   - previous: While serving: the lists as they were, kept for a source whose schema
    ///     cannot be read now (a damaged file among several), so the others are read again.
    package static func lists(
        of sources: [any ListSource], configuration: TableConfiguration = TableConfiguration(),
        unread: [any ListSource] = [], leavingOut: ((String) -> Void)? = nil, previous: TableLists? = nil,
        alongside: [ListDefinition] = []
    ) throws(AppError) -> TableLists {
        var lists: [ListDefinition] = []
        var named = Set(alongside.map(\.name))
        for source in sources where !unread.contains(where: { $0 === source }) {
            switch source.tables() {
            case .success(let tables):
                for table in tables {
                    named.insert(table.name)
                    guard let leavingOut else {
                        if let list = try configuration.list(table, source: source) { lists.append(list) }
                        continue
                    }
                    do {
                        guard let list = try configuration.list(table, source: source) else { continue }
                        if reservedNames.contains(list.name) || lists.contains(where: { $0.name.utf8.elementsEqual(list.name.utf8) }) {
                            leavingOut("“\(list.name)” of \(source.name) is not served: its name is one of ours or another list's")
                            continue
                        }
                        lists.append(list)
                    } catch {
                        leavingOut("“\(table.name)” of \(source.name) is not served: \(error)")
                    }
                }
            case .failure(let error):
                guard let previous, let leavingOut else {
                    throw AppError.database(source.name, reason: Self.reason(error, path: source.name))
                }
                let kept = previous.lists.filter { $0.source === source }
                lists += kept
                named.formUnion(kept.map(\.table.name))
                leavingOut("the lists of \(source.name) stay as they were: \(Self.reason(error, path: source.name))")
            }
        }
        let unknown = Set(configuration.tables.keys).union(configuration.lists.map(\.name)).subtracting(named)
        if unread.isEmpty, leavingOut == nil, let name = unknown.sorted().first {
            let some = named.sorted().prefix(20).joined(separator: ", ") + (named.count > 20 ? ", …" : "")
            throw .configuration(
                ConfigurationError(
                    file: configuration.file, key: "lists.\(name)",
                    message: "there is no table or view named “\(name)” (lists: \(some))"))
        }
        // A table of the name of a list served alongside (an upstream's) is left out, said once.
        let tables = lists.filter { list in !alongside.contains { $0.name == list.name } }
        if tables.count < lists.count, let leavingOut {
            leavingOut("a table named as an upstream list is not served: \(Set(lists.map(\.name)).intersection(alongside.map(\.name)).sorted())")
        } else if tables.count < lists.count, let name = lists.first(where: { list in alongside.contains { $0.name == list.name } })?.name {
            throw .listName(name, reason: "a table and an upstream list have this name")
        }
        return try TableLists(tables + alongside)
    }

    /// Why a database cannot be served, in words (the reason of ``AppError/database(_:reason:)``).
    package static func reason(_ error: ListStoreError, path: String) -> String {
        switch error.kind {
        case .corrupt:
            return "this is not a SQLite database, or it is damaged (\(error.message))"
        case .cannotOpen where FileManager.default.fileExists(atPath: path + "-journal"):
            return "it cannot be read (\(error.message)): a program that was writing it stopped half-way and "
                + "left \(path)-journal, which only a writer may roll back; open the database once with sqlite3 "
                + "(or the program that writes it), then start again"
        case .cannotOpen where FileManager.default.fileExists(atPath: path + "-wal"):
            return "it cannot be opened read-only (\(error.message)): a database in WAL mode needs its -shm file "
                + "beside it, or a folder ListState may create it in; run the server as a user who may write the "
                + "folder, or open the database once with a writer so the -shm file exists"
        case .busy, .timedOut:
            return "it is locked by another program (\(error.message)); try again when the writer is done"
        default:
            return "it cannot be read: \(error.message)"
        }
    }
}
