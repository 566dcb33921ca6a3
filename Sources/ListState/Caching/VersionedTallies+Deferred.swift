import ListStore

/// A tally a first page could not finish in its share of the page's time, finished after the
/// answer (``DeferredTallies``) and kept for the next visit: at the data version it is read at,
/// unless one is kept there already or the version cannot be read.
extension VersionedTallies {
    /// Runs `tally` for `key` on `deferred`'s thread and keeps what it finds; nil keeps nothing.
    func finishLater(_ key: String, on deferred: DeferredTallies, of rows: any RowSource, _ tally: @escaping @Sendable () -> Value?) {
        deferred.run(Self.deferredKey(key)) {
            guard case .success(let version?) = rows.dataVersion(), self.value(for: key, version: version) == nil,
                let value = tally()
            else { return }
            self.store(value, for: key, version: version)
        }
    }

    /// ``finishLater(_:on:of:_:)`` for a source that suspends: `tally` is awaited.
    func finishLater(
        _ key: String, on deferred: DeferredTallies, of rows: any RowSource, awaiting tally: @escaping @Sendable () async -> Value?
    ) {
        deferred.runAwaited(Self.deferredKey(key)) {
            guard case .success(let version?) = rows.dataVersion(), self.value(for: key, version: version) == nil,
                let value = await tally()
            else { return }
            self.store(value, for: key, version: version)
        }
    }

    /// `key` among every store's deferred tallies: one thread serves counts and facets alike.
    private static func deferredKey(_ key: String) -> String { "\(Value.self)\u{1}" + key }
}
