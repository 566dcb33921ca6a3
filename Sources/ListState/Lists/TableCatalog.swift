import ListStore
import Synchronization

/// The lists over users' databases as they stand now: a table added, altered
/// or dropped while serving shows within ``checkInterval`` (each database's
/// `PRAGMA schema_version`, read at most that often, on the request that
/// finds the interval passed).
package final class TableCatalog: Sendable {
    /// The longest a schema change goes unnoticed, in seconds.
    package static let checkInterval = 0.5

    /// The databases the lists are read from (none for a fixed set of lists).
    let databases: [any ListSource]
    private let log: @Sendable (String) -> Void
    private let configuration: TableConfiguration
    /// Lists served beside the databases' (over upstream APIs): never re-read.
    private let alongside: [ListDefinition]
    private let state: Mutex<State>

    private struct State {
        var lists: TableLists
        var versions: [Int?]
        /// Whether each database's last look failed (other than on a lock or the load):
        /// once it answers again its lists are read again, whatever its version says (a
        /// damaged file written back in place with another database of the same schema
        /// version; found by a break-it pass: its other tables stayed 404).
        var failed: [Bool] = []
        var checked: ContinuousClock.Instant
    }

    /// A fixed set of lists (made in Swift code): never re-read.
    package init(_ lists: TableLists = TableLists()) {
        databases = []
        log = { _ in }
        configuration = TableConfiguration()
        alongside = []
        state = Mutex(State(lists: lists, versions: [], checked: .now))
    }

    /// One list per table and view of each database, in file order, then name order, as `configuration` shapes them.
    /// - Parameter server: The source for an argument that names a database server (a
    ///   `postgresql://` URI), nil for a SQLite file. A server that cannot be reached yet
    ///   is served without lists until it answers.
    ///   - alongside: Lists served beside the databases' (an upstream API's), kept as they are.
    ///   - sortOrders: Where the files' sorted pages keep their orders (``KeptSortOrders``); nil for none.
    /// - Throws: `AppError.database` naming a file that cannot be served, `AppError.listName` for a name
    ///   that cannot be used, `AppError.configuration` for a setting that names no table or column.
    package init(
        databases paths: [String], queryTimeLimit: Double = 2, configuration: TableConfiguration = TableConfiguration(),
        server: (String) -> (any ListSource)? = { _ in nil }, alongside: [ListDefinition] = [],
        sortOrders: KeptSortOrders? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(AppError) {
        let opened = try TableLists.open(
            databases: paths, queryTimeLimit: queryTimeLimit, server: server, sortOrders: sortOrders, log: log)
        let sources = opened.map(\.source)
        let versions: [Int?] = opened.map(\.schemaVersion)
        let unread = opened.filter { $0.schemaVersion == nil }.map(\.source)
        let lists = try TableLists.lists(of: sources, configuration: configuration, unread: unread, alongside: alongside)
        databases = sources
        self.log = log
        self.configuration = configuration
        self.alongside = alongside
        state = Mutex(State(lists: lists, versions: versions, checked: .now))
    }

    /// The lists now, re-read first when a database's schema changed since
    /// the last look (at most every ``checkInterval`` seconds; a database
    /// whose lock is held keeps its lists: the look never waits).
    package var lists: TableLists {
        // One lock taken when no look is due (every kept page asks: perf).
        let current = state.withLock { state -> TableLists? in
            guard !databases.isEmpty, ContinuousClock.now - state.checked >= .milliseconds(Int(Self.checkInterval * 1000))
            else { return state.lists }
            state.checked = .now
            return nil
        }
        return current ?? refresh(force: false)
    }

    /// The lists re-read now (a statement met a table or column the database
    /// no longer has): the schema changed before the next look would see it.
    package func refreshNow() -> TableLists {
        refresh(force: true)
    }

    /// Re-reads the lists when a database's schema version changed (or `force`).
    private func refresh(force: Bool) -> TableLists {
        let (known, failed) = state.withLock { ($0.versions, $0.failed) }
        let outcomes = databases.map { $0.schemaVersion(waiting: false) }
        let versions = outcomes.map { try? $0.get() }
        let failing = outcomes.map { outcome in
            guard case .failure(let error) = outcome else { return false }
            return !error.isContention
        }
        state.withLock { $0.failed = failing }
        let changed =
            zip(versions, known).contains { $0 != nil && $0 != $1 }
            || zip(versions, failed).contains { $0 != nil && $1 }
        guard force || changed else {
            // The next look counts from now: a look that took long (a server that does not
            // answer) is not made again at once by the same request (found by QA).
            return state.withLock { state in
                state.checked = .now
                return state.lists
            }
        }
        do {
            var lists = try TableLists.lists(
                of: databases, configuration: configuration, leavingOut: log, previous: state.withLock { $0.lists },
                alongside: alongside)
            return state.withLock { state in
                lists.generation = state.lists.generation + 1
                state.lists = lists
                state.versions = zip(versions, state.versions).map { $0 ?? $1 }
                state.checked = .now
                return lists
            }
        } catch {
            log("the lists stay as they were: \(error)")
            return state.withLock { $0.lists }
        }
    }

    /// Whether a database's lists could not be read yet (a server that did not answer
    /// at start): an address that names no list may be one of its lists, so it is a
    /// 503, not a 404, and `/-/readyz` is 503 until the lists are read.
    /// Read from the last look (``lists`` looks again when due).
    package var isMissingLists: Bool {
        state.withLock { $0.versions.contains(nil) }
    }

    /// Every source served, each once: the databases (those without lists too), then the
    /// sources of lists made in Swift.
    package var sources: [any ListSource] {
        var seen: Set<ObjectIdentifier> = []
        return (databases + lists.lists.map(\.source)).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Whether there are no lists and no database to find them in.
    package var isEmpty: Bool { databases.isEmpty && lists.lists.isEmpty }
}
