import ListStore

/// Tallies (a list's count, its facets) that a first page could not finish within its share of the
/// page's own time, finished off the request path for the next visit to find kept
/// (``VersionedTallies``), by ``ListStore/BackgroundWork``: one at a time, on a thread of low
/// priority; a tally already waiting is not taken twice, past ``maximumWaiting`` none is taken.
typealias DeferredTallies = BackgroundWork<String>

extension BackgroundWork where Key == String {
    /// The most tallies waiting or running at once.
    static var maximumWaiting: Int { 64 }

    /// Deferred tallies of at most ``maximumWaiting``.
    convenience init() {
        self.init(maximumWaiting: Self.maximumWaiting)
    }
}
