import ListStore

/// What ``ListReader`` gave for one request: its outcome and, when the schema changed
/// under the first try, the request as the second try read it.
struct ListRead<Value> {
    /// What came of the read.
    enum Outcome {
        /// The source answered.
        case read(Value)
        /// The query was refused before anything was read (400).
        case refused(ListRefusal)
        /// The body read nothing (a row address no row of the list can have).
        case unread
        /// The source failed: what the answer says (``ReadFailure``), and the error as the source gave it.
        case failed(ReadFailure, ListStoreError)
        /// The list is gone: the schema changed and the lists read again have it no more.
        case gone
    }

    /// The second try, after a schema change: the request over the lists read again. A
    /// class, so that a read's value stays small on the common path, where there is none.
    final class Retry {
        /// The request as read, its list the one the second try read.
        let ask: ListAsk
        /// The lists read again.
        let lists: TableLists
        /// The query validated against the list as it is now; nil for a row's read, a refusal or a list gone.
        let request: TableRequest?

        init(ask: ListAsk, lists: TableLists, request: TableRequest? = nil) {
            self.ask = ask
            self.lists = lists
            self.request = request
        }
    }

    var outcome: Outcome
    /// The second try, or nil when the first try's outcome stands (the caller's request, list and lists).
    var retry: Retry? = nil
}
