import Foundation
import ListStore

/// The lists over users' tables and views, found by name byte for byte
/// (two names that look alike but differ in bytes are two lists).
public struct TableLists: Sendable {
    /// The lists, in the order the index shows them.
    public let lists: [ListDefinition]
    private let byName: [[UInt8]: Int]

    /// First path segments that are routes of ours, never list names.
    public static let reservedNames: Set<String> = ["", "-", "static", "sw.js", "char", "favicon.ico", "robots.txt"]

    /// No lists.
    public init() {
        lists = []
        byName = [:]
    }

    /// Makes the set of `lists`.
    /// - Throws: `AppError.listName` for a reserved name or a name two lists share.
    public init(_ lists: [ListDefinition]) throws(AppError) {
        var byName: [[UInt8]: Int] = [:]
        for (index, list) in lists.enumerated() {
            guard !Self.reservedNames.contains(list.name) else {
                throw AppError.listName(list.name, reason: "\(list.source.path) has a table or view of this name, "
                    + "which is an address of ListState's own (\(Self.reservedNames.filter { !$0.isEmpty }.sorted().joined(separator: ", "))); "
                    + "rename it in the database")
            }
            if let other = byName[Array(list.name.utf8)] {
                throw AppError.listName(list.name, reason: "both \(lists[other].source.path) and \(list.source.path) have a "
                    + "table or view of this name; serve them separately")
            }
            byName[Array(list.name.utf8)] = index
        }
        self.lists = lists
        self.byName = byName
    }

    /// The list named `name` (compared byte for byte), or nil.
    public func list(named name: String) -> ListDefinition? {
        byName[Array(name.utf8)].map { lists[$0] }
    }

    /// One list per table and view of each database, in file order, then name order.
    /// - Parameters:
    ///   - paths: SQLite files; each must exist and be a database.
    ///   - queryTimeLimit: Seconds a query may take.
    ///   - log: Receives data-source incidents.
    /// - Throws: `AppError.database` naming a file that is missing, unreadable or
    ///   not SQLite; `AppError.listName` for a name that cannot be used.
    public static func load(databases paths: [String], queryTimeLimit: Double = 2,
                            log: @escaping @Sendable (String) -> Void = { _ in }) throws(AppError) -> TableLists {
        var lists: [ListDefinition] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw AppError.database(path, reason: "there is no such file (ListState never creates a database)")
            }
            guard !isDirectory.boolValue else { throw AppError.database(path, reason: "this is a folder, not a SQLite file") }
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw AppError.database(path, reason: "this file cannot be read (permissions)")
            }
            let source = DatabaseSource(path: path, queryTimeLimit: max(queryTimeLimit, 5), log: log)
            switch source.tables() {
            case .success(let tables):
                let served = DatabaseSource(path: path, queryTimeLimit: queryTimeLimit, log: log)
                lists += tables.map { ListDefinition(table: $0, source: served) }
            case .failure(let error):
                let reason = error.kind == .corrupt ? "this is not a SQLite database, or it is damaged (\(error.message))"
                    : "it cannot be read: \(error.message)"
                throw AppError.database(path, reason: reason)
            }
        }
        return try TableLists(lists)
    }
}
