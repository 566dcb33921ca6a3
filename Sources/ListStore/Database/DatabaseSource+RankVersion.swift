/// What a page in relevance order was ranked at, as a cursor carries it (``RowPage/rankVersion``):
/// FTS5's `bm25` of a row depends on the whole index (how many rows hold each word, the
/// columns' average lengths), so a write to the index moves every rank, and a walk across it
/// is told its order changed. The digest is of the index's own averages record (rowid 1 of its
/// `_data` table: rows and tokens a column) and structure record (rowid 10: its segments, with
/// a cookie each write moves), https://sqlite.org/src/file/ext/fts5/fts5Int.h: the same in
/// every instance reading the file, and unmoved by writes to other tables.
extension DatabaseSource {
    /// The rank version of `query`'s table, when `query` is in FTS5's relevance order; nil
    /// otherwise, or when it cannot be read at once (the route then uses the data version): it
    /// never waits on a writer's lock, which would spend the page's own time limit.
    /// - Returns: The version and the file it was read from (a page read from another, replaced
    ///   meanwhile, takes none).
    func rankVersion(of query: RowPageQuery) -> (version: UInt64, file: FileIdentity?)? {
        guard query.ordersByRelevance, case .fullText(let index, 5, _, _, _, _) = query.table.search else { return nil }
        // Taken before the read: a commit in between makes the next page read it again.
        let now = (try? probe.version().get()) ?? nil
        if let now, let kept = rankVersions.withLock({ $0[index] }), kept.at == now { return (kept.version, now.identity) }
        let read = Result { () throws(ListStoreError) -> (version: UInt64, file: FileIdentity?) in
            try pool.withConnection(timeLimit: queryTimeLimit, from: query.startedAt, waiting: false) { connection throws(ListStoreError) in
                let statement = try connection.statement("SELECT block FROM \(quoteIdentifier(index + "_data")) WHERE id IN (1, 10) ORDER BY id")
                defer { statement.reset() }
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                while try statement.step() {
                    guard case .blob(let bytes) = statement.value(0) else { continue }
                    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                    hash = (hash ^ 0x1_00) &* 0x0000_0100_0000_01B3  // the record's end
                }
                return (hash, connection.fileIdentity)
            }
        }
        guard let (version, file) = try? read.get() else { return nil }
        if let now, now.identity == file { rankVersions.withLock { $0[index] = (now, version) } }
        return (version, file)
    }
}
