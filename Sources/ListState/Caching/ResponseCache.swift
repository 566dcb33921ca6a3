import HTTPServer
import ListStore

/// Rendered answers kept for the requests that ask for them again: at most
/// `byteLimit` bytes of bodies and `entryLimit` entries, the oldest entry out
/// first when either is reached.
///
/// The key must hold everything the answer depends on; the list route puts
/// the data source's `DataVersion` into it, so an entry is found only while
/// the source would give the same rows (see `TableRoute`). One lock guards the
/// table; a lookup holds it for one hash and one comparison of the key.
final class ResponseCache<Key: Hashable & Sendable>: Sendable {
    /// The most bytes of response bodies kept.
    let byteLimit: Int
    /// The most entries kept.
    let entryLimit: Int

    private struct Table {
        var responses: [Key: Response] = [:]
        /// Keys in the order they came in; `order[head...]` are the live ones.
        var order: [Key] = []
        var head = 0
        var bytes = 0
    }

    private let table = BlockingLock(Table())

    /// Makes an empty cache.
    /// - Parameters:
    ///   - byteLimit: The most bytes of bodies to keep (0 keeps nothing).
    ///   - entryLimit: The most entries to keep.
    init(byteLimit: Int, entryLimit: Int = 4096) {
        self.byteLimit = max(0, byteLimit)
        self.entryLimit = max(1, entryLimit)
    }

    /// The response kept under `key`, or nil.
    func response(for key: Key) -> Response? {
        table.withLock { $0.responses[key] }
    }

    /// Keeps `response` under `key` (replacing what was there), making room by
    /// dropping the oldest entries; a body larger than the whole budget is not kept.
    func store(_ response: Response, for key: Key) {
        let size = response.body.count
        guard size <= byteLimit else { return }
        // Kept answers are sent as one libmicrohttpd response to every request that gets them.
        var response = response
        response.shared = SharedResponse()
        table.withLock { table in
            if let previous = table.responses.updateValue(response, forKey: key) {
                table.bytes += size - previous.body.count
            } else {
                table.order.append(key)
                table.bytes += size
            }
            while table.bytes > byteLimit || table.order.count - table.head > entryLimit {
                let oldest = table.order[table.head]
                table.head += 1
                if let dropped = table.responses.removeValue(forKey: oldest) { table.bytes -= dropped.body.count }
            }
            if table.head > 1024, table.head * 2 > table.order.count {
                table.order.removeFirst(table.head)
                table.head = 0
            }
        }
    }

    /// How many entries and body bytes are kept now.
    var usage: (entries: Int, bytes: Int) {
        table.withLock { ($0.responses.count, $0.bytes) }
    }
}
