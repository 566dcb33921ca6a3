import Foundation
import HTTPFetch
import ListStore

/// An upstream JSON API as a list's rows (``UpstreamDeclaration``): each page is the
/// upstream's page, fetched with libcurl on a thread of its own (at most
/// ``UpstreamDeclaration/connections`` at once) while the request waits suspended; its
/// next page is the continuation (``RowBatch/next``). Every address it fetches stays on
/// the first page's origin and path prefixes (a next URL, a `Link`, a redirect, a
/// cursor's), and nothing of a visitor's request is sent.
package struct UpstreamSource: GatewayRowSource {
    package let declaration: UpstreamDeclaration
    package let columns: [TableDescription.Column]
    /// Where each column's value is in a row: a field's name, or a dotted path into the row.
    let fieldPaths: [String]
    /// The first page's address: the origin every other must share.
    let base: UpstreamAddress
    let gate: UpstreamGate
    let pause: UpstreamPause
    let kept: UpstreamKeptPages
    /// The connections to the upstream kept between fetches (one per request in flight at most).
    let connections: FetchConnections
    let log: @Sendable (String) -> Void

    package var timeLimit: Duration { declaration.timeLimit }

    package var capabilities: RowSourceCapabilities {
        let names = Set(columns.map(\.name))
        return RowSourceCapabilities(
            sortableColumns: Set(declaration.sorts.keys).intersection(names),
            filterOperations: declaration.filters.filter { names.contains($0.key) }.mapValues { Set($0.keys) },
            searches: declaration.searchParameter != nil)
    }

    /// The source of `declaration` whose columns are `fields` (the key first); `log` gets a
    /// line for each address refused.
    package init(_ declaration: UpstreamDeclaration, fields: [String], log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.declaration = declaration
        base = UpstreamAddress(declaration.url)!  // checked when declared
        let ordered = [declaration.key] + fields.filter { $0 != declaration.key }
        let names = ordered.map(UpstreamDeclaration.columnName)
        columns = names.indices.map { $0 == 0 ? .key(names[$0], .blob) : .any(names[$0]) }
        fieldPaths = ordered
        gate = UpstreamGate(width: declaration.connections)
        pause = UpstreamPause(failures: declaration.pauseAfter, length: declaration.pauseFor)
        kept = UpstreamKeptPages(staleFor: declaration.staleFor)
        connections = FetchConnections(maximumIdle: declaration.connections)
        self.log = log
    }

    /// The declared columns, or the first page's fields in name order when none are declared.
    package static func fields(of declaration: UpstreamDeclaration) async throws -> [String] {
        if let columns = declaration.columns { return columns }
        let probe = UpstreamSource(declaration, fields: [declaration.key])
        let (body, _, _) = try await probe.page(at: probe.firstAddress(limit: 1, search: nil))
        let first = (try probe.rowObjects(in: body)).first ?? [:]
        return [declaration.key] + first.keys.sorted().filter { $0 != declaration.key }
    }

    package func rows(_ request: RowRequest) async throws -> RowBatch {
        let address =
            request.continuation
            ?? firstAddress(limit: request.limit, search: request.search, sort: request.sort, filters: request.filters)
        do {
            let batch = try await rows(at: address)
            kept.keep(batch, at: address)
            return batch
        } catch let error as ListStoreError where Self.isOutage(error) {
            guard let page = kept.page(at: address) else { throw error }
            return page
        }
    }

    /// Pages change with time alone: a page is answered again for ``UpstreamDeclaration/keepFor``
    /// at most (the version is the number of that span since 1970); nil when kept for no time.
    package func dataVersion() -> DataVersion? {
        let span = declaration.keepFor.components.seconds
        guard span > 0 else { return nil }
        return DataVersion(Int64(Date().timeIntervalSince1970) / span)
    }

    /// Whether `error` is the upstream not answering (unreachable, timed out, its 5xx or 429),
    /// rather than an answer this list cannot use (``ListStoreError/Category/invalidUpstream``).
    static func isOutage(_ error: ListStoreError) -> Bool {
        [.unavailable, .timedOut, .gatewayTimeout, .badGateway].contains(error.category)
    }

    /// The page at `address`, asked now.
    func rows(at address: String) async throws -> RowBatch {
        let (body, response, fetched): (Any, FetchResponse, UpstreamAddress)
        do {
            (body, response, fetched) = try await page(at: address)
        } catch let error as ListStoreError where error.category == .notFound {
            // A list page's 404 is the declaration's url (or a next page's) gone wrong, not a missing list: logged, 502.
            throw Self.failure("\(error.message); check the upstream's url")
        }
        let objects = try rowObjects(in: body)
        let rows = try objects.map { try row(of: $0) }
        let asked = declaration.limitParameter.flatMap { fetched.parameter($0) }.flatMap { Int($0) }
        let next = declaration.pagination.next(
            after: fetched, body: body, header: { response.header($0) }, rows: rows.count,
            lastKey: objects.last.flatMap { UpstreamJSON.text(Self.field(declaration.key, of: $0)) }, asked: asked)
        return RowBatch(rows: rows, hasMore: next != nil, next: next)
    }

    package func row(key: [SQLValue]) async throws -> [SQLValue]? {
        guard let template = declaration.rowURL, let value = key.first, let text = UpstreamJSON.text(Self.json(value)) else { return nil }
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
        do {
            let (body, _, _) = try await page(at: template.replacingOccurrences(of: "{key}", with: encoded))
            guard let object = body as? [String: Any] else { throw Self.failure("\(declaration.name): a row's body is not a JSON object") }
            return try row(of: object)
        } catch let error as ListStoreError where error.category == .notFound {
            return nil
        }
    }

    /// The most rows asked of an upstream at once: what APIs commonly grant (GitHub's, Stripe's most). Asked
    /// more, one gives fewer, and a page or offset style would take that short page for the last (a CSV export,
    /// asking 10,000, ended after 100 rows).
    static let largestPage = 100

    /// The first page's address for a page of `limit` rows (at most ``largestPage``) searched for `search`.
    func firstAddress(limit: Int, search: String?, sort: ListSort? = nil, filters: [RowFilter] = []) -> String {
        var address = base.text
        func set(_ name: String, _ value: String) { address = UpstreamAddress(address)!.setting(name, to: value) }
        if let parameter = declaration.limitParameter { set(parameter, String(min(limit, Self.largestPage))) }
        if let parameter = declaration.searchParameter, let search { set(parameter, search) }
        if let sort, let parameters = declaration.sorts[sort.column] {
            for (name, value) in sort.descending ? parameters.descending : parameters.ascending { set(name, value) }
        }
        // Only what `capabilities` declares is asked for, so every filter has its parameter.
        for filter in filters {
            if let name = declaration.filters[filter.column]?[filter.operation] { set(name, filter.value) }
        }
        return address
    }

    /// The JSON body at `address`, the response, and the address it came from, within `deadline`
    /// (9/10 of the time limit from now, so that a kept page can still be shown by the list's own);
    /// refused at once while the upstream is left alone (``UpstreamPause``).
    func page(
        at text: String, by deadline: ContinuousClock.Instant? = nil
    ) async throws -> (Any, FetchResponse, UpstreamAddress) {
        let deadline = deadline ?? .now + declaration.timeLimit * 0.9
        if let seconds = pause.admit() {
            var error = ListStoreError(.unavailable, message: "\(declaration.name): not asked for \(seconds) s more: it failed")
            error.retryAfterSeconds = seconds
            throw error
        }
        do {
            let answer = try await fetchPage(at: text, by: deadline)
            if pause.succeeded() { log("\(declaration.name): answers again") }
            return answer
        } catch let error as ListStoreError where error.kind == .overloaded {
            // Not asked at all (every connection to it in use): says nothing of the upstream.
            throw error
        } catch let error as ListStoreError where Self.isOutage(error) {
            if let seconds = pause.failed(retryAfter: error.retryAfterSeconds) {
                log("\(error.message); not asked for \(seconds) s")
            }
            throw error
        } catch {
            // It answered (a 404, a body this list cannot use) or the request was cancelled: no outage.
            pause.succeeded()
            throw error
        }
    }

    /// The JSON body at `address`, the response, and the address it came from (after same-origin redirects).
    func fetchPage(at text: String, by deadline: ContinuousClock.Instant) async throws -> (Any, FetchResponse, UpstreamAddress) {
        var address = try allowed(text)
        for _ in 0...3 {
            let response = try await fetch(address, by: deadline)
            switch response.status {
            case 200...299:
                guard let body = try? JSONSerialization.jsonObject(with: Data(response.body), options: [.fragmentsAllowed]) else {
                    throw Self.failure("\(declaration.name): \(address.path) did not answer JSON")
                }
                return (body, response, address)
            case 301, 302, 303, 307, 308:
                guard let location = response.header("Location"), let target = address.resolve(location) else {
                    throw Self.failure("\(declaration.name): \(address.path) redirected nowhere")
                }
                address = try allowed(target)
            case 404:
                throw ListStoreError(.notFound, message: "\(declaration.name): \(address.path) answered 404")
            case 429, 503:
                // Busy, or down for now: worth retrying (503), after its own delay when it gave one.
                var error = ListStoreError(.unavailable, message: "\(declaration.name): \(address.path) answered \(response.status)")
                error.retryAfterSeconds = response.header("Retry-After").flatMap { UpstreamRetryAfter.seconds($0) }
                throw error
            case 500...599:
                // A fault of its own (its 500, its gateway's 502 or 504): a bad gateway for us (502).
                throw ListStoreError(.badGateway, message: "\(declaration.name): \(address.path) answered \(response.status)")
            default:
                // 401 and 403 (the credentials), another 4xx: the declaration is wrong, not the visitor.
                throw Self.failure("\(declaration.name): \(address.path) answered \(response.status); check the upstream's url and headers")
            }
        }
        throw Self.failure("\(declaration.name): \(address.path) redirected more than 3 times")
    }

    /// `text` as an address the upstream may be asked at; else refused and logged.
    func allowed(_ text: String) throws -> UpstreamAddress {
        guard let address = UpstreamAddress(text), address.isAllowed(from: base, prefixes: declaration.pathPrefixes) else {
            let shown = UpstreamAddress(text).map { $0.origin + $0.path } ?? "an address that is not http(s)"
            log(
                "\(declaration.name): refused to fetch \(shown): not on \(base.origin)\(declaration.pathPrefixes.isEmpty ? "" : " under \(declaration.pathPrefixes.joined(separator: ", "))")"
            )
            throw Self.failure("\(declaration.name): an address off the upstream's origin was refused")
        }
        return address
    }

    /// One GET by `deadline`, on a thread of its own once the gate lets it through; its failure
    /// as a list's. No place by the deadline is this process's load (503), not the upstream's fault.
    func fetch(_ address: UpstreamAddress, by deadline: ContinuousClock.Instant) async throws -> FetchResponse {
        guard await gate.enter(until: deadline) else {
            throw ListStoreError(
                kind: .overloaded, message: "\(declaration.name): its \(declaration.connections) connections stayed in use past the time limit")
        }
        defer { gate.leave() }
        try Task.checkCancellation()
        var request = FetchRequest(url: address.text, headers: declaration.headers.map { FetchHeaderField(name: $0.name, value: $0.value) })
        request.headers.append(FetchHeaderField(name: "Accept", value: "application/json"))
        request.maximumRedirects = 0
        // Within the list's time limit, so that a kept page can still be shown by then.
        request.totalTimeout = max(deadline - .now, .milliseconds(1))
        request.connectTimeout = min(request.totalTimeout, .seconds(5))
        request.maximumBodyBytes = declaration.maximumBodyBytes
        request.caFile = declaration.caFile
        let fetcher = Fetcher(keeping: connections)
        let result: Result<FetchResponse, FetchError> = await withCheckedContinuation { done in
            let fetching = request
            Thread { done.resume(returning: Result { () throws(FetchError) in try fetcher.fetch(fetching) }) }.start()
        }
        switch result {
        case .success(let response): return response
        case .failure(.cannotResolve(let message)), .failure(.cannotConnect(let message)), .failure(.transferFailed(let message)):
            throw ListStoreError(.unavailable, message: "\(declaration.name): \(address.origin): \(message)")
        case .failure(.timedOut(let message)):
            throw ListStoreError(.gatewayTimeout, message: "\(declaration.name): \(address.origin): \(message)")
        case .failure(let error):
            throw Self.failure("\(declaration.name): \(address.origin)\(address.path): \(error)")
        }
    }

    /// The row objects of `body` at the declared path.
    func rowObjects(in body: Any) throws -> [[String: Any]] {
        guard let rows = UpstreamJSON.value(at: declaration.rowsPath, in: body) as? [Any],
            let objects = rows as? [[String: Any]]
        else {
            let place = declaration.rowsPath.isEmpty ? "the body" : "“\(declaration.rowsPath.joined(separator: "."))”"
            throw Self.failure("\(declaration.name): \(place) is not an array of JSON objects")
        }
        return objects
    }

    /// `object` as a row of ``columns``; a row without its key is the upstream's fault.
    func row(of object: [String: Any]) throws -> [SQLValue] {
        let values = fieldPaths.map { UpstreamJSON.sqlValue(Self.field($0, of: object)) }
        guard values[0] != .null else { throw Self.failure("\(declaration.name): a row has no “\(declaration.key)”") }
        return values
    }

    /// The value of `path` in a row: the field of that very name, else the dotted path's.
    static func field(_ path: String, of object: [String: Any]) -> Any? {
        object[path] ?? (path.contains(".") ? UpstreamJSON.value(at: path.split(separator: ".").map(String.init), in: object) : nil)
    }

    /// A key value back as JSON's (for its text).
    static func json(_ value: SQLValue) -> Any? {
        switch value {
        case .integer(let number): NSNumber(value: number)
        case .real(let number): NSNumber(value: number)
        case .text(let text): text
        default: nil
        }
    }

    /// The upstream's answer cannot be used, or its declaration is wrong: 502, the error placeholder.
    static func failure(_ message: String) -> ListStoreError { ListStoreError(.invalidUpstream, message: message) }
}
