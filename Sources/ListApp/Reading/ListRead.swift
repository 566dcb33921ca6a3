import ListStore

/// What ``ListReader`` gave for one request: its outcome, with the list and the lists
/// as the read last saw them (read again after a schema change).
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

    var outcome: Outcome
    /// The request as read, its list the one the last try read.
    var ask: ListAsk
    /// The lists the last try read from.
    var lists: TableLists
    /// The validated query of the last try; nil for a row's read or a refusal.
    var request: TableRequest?
    /// Whether the read ran a second time, after the schema changed under the first.
    var isRetry: Bool
}
