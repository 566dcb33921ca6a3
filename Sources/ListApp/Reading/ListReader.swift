import ListStore

/// Runs a list's source for every format (page, fragments, JSON, CSV, row page, row
/// JSON), so that what surrounds a read is written once: the retry after a schema
/// change (the lists are read again and the read runs once more, over the list as it
/// is now), the meaning of each failure (``ReadFailure``) and the record of each
/// request's outcome in ``SourceHealth``, once per request and per source.
struct ListReader: Sendable {
    /// The lists, read again after a schema change.
    let catalog: TableCatalog
    /// Where each request's outcome is recorded (`/-/readyz` and the log).
    let health: SourceHealth
    /// The `Retry-After` of an unavailable source, in seconds.
    let retryAfterSeconds: Int

    /// Reads `ask`'s list under its validated query with `body` (a refusal reads nothing).
    /// - Parameters:
    ///   - validated: `ask`'s query validated (``ListAsk/validated()``); validated again after a schema change.
    ///   - isAttempt: Whether this is the connection thread's attempt: a failure then is
    ///     neither retried nor recorded (the worker that answers instead records its own).
    func read<Value>(
        _ ask: ListAsk, _ validated: Result<TableRequest, ListRefusal>, in lists: TableLists, isAttempt: Bool = false,
        _ body: (ListAsk, TableRequest) -> Result<Value, ListStoreError>
    ) -> ListRead<Value> {
        run(ask, in: lists, isAttempt: isAttempt) { ask, isRetry in
            switch isRetry ? ask.validated() : validated {
            case .failure(let refusal): .refused(refusal)
            case .success(let request): .read(body(ask, request), request)
            }
        }
    }

    /// Reads a row of `ask`'s list with `body` (the list's own after a schema change),
    /// which gives nil when it reads nothing (an address no row of the list can have).
    func readRow<Value>(
        _ ask: ListAsk, in lists: TableLists, _ body: (ListAsk) -> Result<Value, ListStoreError>?
    ) -> ListRead<Value> {
        run(ask, in: lists, isAttempt: false) { ask, _ in body(ask).map { .read($0, nil) } ?? .unread }
    }

    /// One try's step: refused before reading, or the source's result under a request.
    private enum Step<Value> {
        case refused(ListRefusal)
        case unread
        case read(Result<Value, ListStoreError>, TableRequest?)
    }

    /// Runs `step`, and once more over the lists read again when the schema changed under it.
    private func run<Value>(
        _ ask: ListAsk, in lists: TableLists, isAttempt: Bool, _ step: (ListAsk, _ isRetry: Bool) -> Step<Value>
    ) -> ListRead<Value> {
        var ask = ask
        var lists = lists
        var isRetry = false
        while true {
            switch step(ask, isRetry) {
            case .refused(let refusal):
                return ListRead(outcome: .refused(refusal), ask: ask, lists: lists, request: nil, isRetry: isRetry)
            case .unread:
                return ListRead(outcome: .unread, ask: ask, lists: lists, request: nil, isRetry: isRetry)
            case .read(let result, let request):
                if case .failure(let error) = result, error.kind == .schemaChanged, !isRetry, !isAttempt {
                    // A first try's schema change is not the source failing: the second try's outcome is recorded.
                    lists = catalog.refreshNow()
                    guard let fresh = lists.list(named: ask.list.name) else {
                        return ListRead(outcome: .gone, ask: ask, lists: lists, request: request, isRetry: true)
                    }
                    ask.list = fresh
                    isRetry = true
                    continue
                }
                switch result {
                case .success: health.record(result, of: ask.list.source)
                case .failure: if !isAttempt { health.record(result, of: ask.list.source) }
                }
                let outcome: ListRead<Value>.Outcome =
                    switch result {
                    case .success(let value): .read(value)
                    case .failure(let error):
                        .failed(ReadFailure(error, of: ask.list, request: request, retryAfterSeconds: retryAfterSeconds), error)
                    }
                return ListRead(outcome: outcome, ask: ask, lists: lists, request: request, isRetry: isRetry)
            }
        }
    }
}
