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
        _ ask: ListAsk, _ validated: Result<TableRequest, ListRefusal>, isAttempt: Bool = false,
        _ body: (ListAsk, TableRequest) -> Result<Value, ListStoreError>
    ) -> ListRead<Value> {
        switch validated {
        case .failure(let refusal):
            return ListRead(outcome: .refused(refusal))
        case .success(let request):
            let result = body(ask, request)
            if !isAttempt, case .failure(let error) = result, error.category == .schemaChanged {
                return readAgain(ask) { again in
                    switch again.validated() {
                    case .failure(let refusal): .refused(refusal)
                    case .success(let valid): .read(body(again, valid), valid)
                    }
                }
            }
            return ListRead(
                outcome: outcome(of: result, list: ask.list, isAttempt: isAttempt) { failure($0, of: ask.list, request: request) })
        }
    }

    /// Reads a row of `ask`'s list with `body` (the list's own after a schema change),
    /// which gives nil when it reads nothing (an address no row of the list can have).
    func readRow<Value>(_ ask: ListAsk, _ body: (ListAsk) -> Result<Value, ListStoreError>?) -> ListRead<Value> {
        guard let result = body(ask) else { return ListRead(outcome: .unread) }
        if case .failure(let error) = result, error.category == .schemaChanged {
            return readAgain(ask) { again in body(again).map { .read($0, nil) } ?? .unread }
        }
        return ListRead(outcome: outcome(of: result, list: ask.list, isAttempt: false) { failure($0, of: ask.list, request: nil) })
    }

    /// A second try's step: refused before reading, nothing read, or the source's result under a request.
    private enum Step<Value> {
        case refused(ListRefusal)
        case unread
        case read(Result<Value, ListStoreError>, TableRequest?)
    }

    /// The second try after the schema changed under the first: the lists read again
    /// and `step` run over the list as it is now. The first try's schema change is not
    /// the source failing and is not recorded; the second try's outcome is, whatever it is.
    private func readAgain<Value>(_ ask: ListAsk, _ step: (ListAsk) -> Step<Value>) -> ListRead<Value> {
        let lists = catalog.refreshNow()
        guard let list = lists.list(named: ask.list.name) else {
            return ListRead(outcome: .gone, retry: .init(ask: ask, lists: lists))
        }
        var again = ask
        again.list = list
        switch step(again) {
        case .refused(let refusal):
            return ListRead(outcome: .refused(refusal), retry: .init(ask: again, lists: lists))
        case .unread:
            return ListRead(outcome: .unread, retry: .init(ask: again, lists: lists))
        case .read(let result, let request):
            let outcome = outcome(of: result, list: list, isAttempt: false) { failure($0, of: list, request: request) }
            return ListRead(outcome: outcome, retry: .init(ask: again, lists: lists, request: request))
        }
    }

    /// `result` recorded (a success always, a failure unless an attempt's), a failure given its meaning by `meaning`.
    private func outcome<Value>(
        of result: Result<Value, ListStoreError>, list: ListDefinition, isAttempt: Bool,
        _ meaning: (ListStoreError) -> ReadFailure
    ) -> ListRead<Value>.Outcome {
        switch result {
        case .success(let value):
            health.record(result, of: list.source)
            return .read(value)
        case .failure(let error):
            if !isAttempt { health.record(result, of: list.source) }
            return .failed(meaning(error), error)
        }
    }

    /// What `error` means for a read of `list` under `request` (``ReadFailure``).
    private func failure(_ error: ListStoreError, of list: ListDefinition, request: TableRequest?) -> ReadFailure {
        ReadFailure(error, of: list, request: request, retryAfterSeconds: retryAfterSeconds)
    }
}
