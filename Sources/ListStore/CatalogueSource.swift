/// The SQLite catalogue of Unicode characters as a `ListSource`.
///
/// Opens the file read-only, one connection per concurrent request (pooled),
/// statements prepared once per connection. Every query is bounded: a lock is
/// waited on for at most the busy timeout, and a statement running past the
/// query time limit is interrupted (SQLite progress handler).
public final class CatalogueSource: ListSource {
    /// The catalogue file.
    public let path: String
    /// The most a query may take, in seconds, waiting on locks included.
    public let queryTimeLimit: Double
    private let pool: ConnectionPool

    /// Makes a source over the catalogue at `path`; nothing is opened until the first query.
    ///
    /// The path's identity is checked at most every `checkInterval` seconds: a
    /// file moved in over it is opened from then on; a deleted one goes on
    /// serving from the connections already open.
    ///
    /// - Parameters:
    ///   - path: A catalogue built by `CatalogueBuilder`.
    ///   - queryTimeLimit: Seconds a query may take before it fails as `.timedOut` or `.busy`.
    ///   - checkInterval: The least seconds between two checks of the path's identity.
    ///   - log: Receives one line each time the file is found missing, replaced or back.
    public init(
        path: String, queryTimeLimit: Double = 2, checkInterval: Double = 1,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.path = path
        self.queryTimeLimit = queryTimeLimit
        self.pool = ConnectionPool(
            path: path, busyTimeout: Int32(max(1, min(queryTimeLimit * 1000, Double(Int32.max)))),
            checkInterval: checkInterval, log: log)
    }

    private static let columns = "c.code_point, c.name, c.category, c.age, c.is_emoji, c.is_emoji_presentation"

    /// The SQL for a filter: the plain keyset scan over the primary key, or the
    /// category index, or the FTS5 index (whose rowid is the code point, so the
    /// same `rowid > ?` keyset applies). Parameters: ?1 after, ?2 limit, then the
    /// filter's values.
    static func sql(for filter: ListFilter) -> String {
        var conditions: [String] = []
        var from = "characters c"
        var key = "c.code_point"
        var parameter = 3
        if !filter.searchWords.isEmpty {
            from = "character_names f JOIN characters c ON c.code_point = f.rowid"
            key = "f.rowid"
            conditions.append("character_names MATCH ?\(parameter)")
            parameter += 1
        }
        conditions.append("\(key) > ?1")
        if filter.category != nil {
            conditions.append("c.category = ?\(parameter)")
            parameter += 1
        }
        if filter.emojiOnly { conditions.append("c.is_emoji = 1") }
        return "SELECT \(columns) FROM \(from) WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(key) LIMIT ?2"
    }

    /// `sql(for:)` of every combination of search, category and emoji filter,
    /// made once: building the text cost about 1 % of a request (perf, BENCHMARKS.md).
    private static let sqlByShape: [String] = (0..<8).map { shape in
        sql(
            for: ListFilter(
                text: shape & 1 != 0 ? "x" : nil, category: shape & 2 != 0 ? "Lu" : nil, emojiOnly: shape & 4 != 0))
    }

    /// The SQL for `filter`, from `sqlByShape`; `hasSearch` says whether it has search words.
    static func cachedSQL(for filter: ListFilter, hasSearch: Bool) -> String {
        sqlByShape[(hasSearch ? 1 : 0) | (filter.category == nil ? 0 : 2) | (filter.emojiOnly ? 4 : 0)]
    }

    /// The FTS5 query for search words: each word quoted (so no word is read as
    /// syntax such as NEAR, AND, `*` or `-`) and made a prefix, all required.
    static func matchExpression(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    public func page(_ request: PageRequest) -> Result<Page, ListStoreError> {
        if request.filter.hasBlankSearch { return .success(Page(records: [], hasMore: false)) }
        let limit = max(1, min(request.limit, 100))
        var bindings: [(any Sendable)?] = [request.cursor.map { Int($0.afterCodePoint) } ?? -1, limit + 1]
        let words = request.filter.searchWords
        if !words.isEmpty { bindings.append(Self.matchExpression(words)) }
        if let category = request.filter.category { bindings.append(category) }
        let sql = Self.cachedSQL(for: request.filter, hasSearch: !words.isEmpty)
        return Result { () throws(ListStoreError) -> Page in
            try withinTimeLimit(from: request.startedAt) { connection throws(ListStoreError) -> Page in
                let statement = try connection.statement(sql)
                try statement.bind(bindings)
                var records: [CharacterRecord] = []
                records.reserveCapacity(limit + 1)
                while try statement.step() { records.append(Self.record(statement)) }
                statement.reset()
                let hasMore = records.count > limit
                if hasMore { records.removeLast() }
                return Page(records: records, hasMore: hasMore, fileIdentity: connection.fileIdentity)
            }
        }
    }

    public func record(codePoint: UInt32, startedAt: ContinuousClock.Instant?) -> Result<CharacterRecord?, ListStoreError> {
        let sql = "SELECT \(Self.columns) FROM characters c WHERE c.code_point = ?1"
        return Result { () throws(ListStoreError) -> CharacterRecord? in
            try withinTimeLimit(from: startedAt) { connection throws(ListStoreError) -> CharacterRecord? in
                let statement = try connection.statement(sql)
                try statement.bind([Int(codePoint)])
                defer { statement.reset() }
                return try statement.step() ? Self.record(statement) : nil
            }
        }
    }

    /// ``ConnectionPool/withConnection(timeLimit:from:waiting:_:)`` with this source's limit.
    private func withinTimeLimit<T>(
        from startedAt: ContinuousClock.Instant?, waiting: Bool = true,
        _ body: (SQLiteConnection) throws(ListStoreError) -> T
    ) throws(ListStoreError) -> T {
        try pool.withConnection(timeLimit: queryTimeLimit, from: startedAt, waiting: waiting, body)
    }

    /// Takes and releases the shared lock every query takes (SQLite's locking
    /// protocol, sqlite.org/lockingv3.html: a statement in autocommit mode
    /// begins a read transaction), then reads the file's version: a lock held
    /// past the busy timeout fails as `.busy`, a file that cannot be opened
    /// or is not a database fails as a query would. The statement reads the
    /// schema cookie from the header page only, so it costs a few system calls.
    /// Nil when the file at the path is not the one the connection reads (a
    /// file moved in over it, not yet noticed), for a file modified in the
    /// last ``ContentVersion/settlingTime`` (see there), and while a `-wal`
    /// file stands beside it (found by QA: in WAL mode the main file's version
    /// stays the same while the data changes).
    /// With `waiting: false` a held lock fails as `.busy` at once; otherwise
    /// the wait ends with the time limit counted from `startedAt`.
    public func contentVersion(waiting: Bool, startedAt: ContinuousClock.Instant?) -> Result<ContentVersion?, ListStoreError> {
        Result { () throws(ListStoreError) -> ContentVersion? in
            try withinTimeLimit(from: startedAt, waiting: waiting) { connection throws(ListStoreError) -> ContentVersion? in
                let statement = try connection.statement("PRAGMA schema_version")
                defer { statement.reset() }
                // Schema cookie 0: an empty file, not a catalogue; the query will say what is wrong.
                let isCatalogue = try statement.step() && statement.int(0) != 0
                // The file at the path must be the one this connection reads (a file
                // moved in over it is not yet noticed otherwise), and settled.
                // A write-ahead log beside it (someone switched the file to WAL) takes
                // writes the main file's version does not show: nothing is kept then.
                guard isCatalogue, let version = ContentVersion(path: path),
                    version.identity == connection.fileIdentity, version.isSettled(),
                    FileIdentity(path: path + "-wal") == nil
                else { return nil }
                return version
            }
        }
    }

    /// The catalogue file's version by one `stat(2)`; nil while it is not
    /// settled (see `ContentVersion.isSettled`) or when it cannot be read.
    public func fileVersion() -> ContentVersion? {
        guard let version = ContentVersion(path: path), version.isSettled() else { return nil }
        return version
    }

    private static func record(_ statement: SQLiteStatement) -> CharacterRecord {
        CharacterRecord(
            codePoint: UInt32(truncatingIfNeeded: statement.int(0)), name: statement.text(1),
            generalCategory: statement.text(2), age: statement.text(3),
            isEmoji: statement.int(4) != 0, isEmojiPresentation: statement.int(5) != 0)
    }
}
