import Foundation

extension ListStoreError {
    /// What an error a developer's source threw (``AsyncRowSource``) means for an answer:
    /// - a ``ListStoreError``: itself (made with ``init(_:message:)``: `.unavailable`,
    ///   `.timedOut`, `.gatewayTimeout`, `.badGateway`, `.invalidUpstream`, `.notFound`,
    ///   `.badRequest`, `.failed`), but `.schemaChanged`, which only a database's lists can
    ///   answer (they read their tables again): failed (500);
    /// - `URLError.timedOut`: the service called gave no answer in time, a gateway time-out
    ///   (504 with `Retry-After`);
    /// - `CancellationError`, `URLError.cancelled` (a `URLSession` task cancelled at the
    ///   deadline): timed out (503 with `Retry-After`, as any read past its time limit);
    /// - a `URLError` of a service that cannot be reached (no connection, host not found or
    ///   refused, connection lost, DNS, TLS handshake, no answer): unavailable (503 with `Retry-After`);
    /// - anything else: failed (500), its description kept for the log, never for a page.
    public init(thrown error: any Error) {
        switch error {
        case let error as ListStoreError where error.category == .schemaChanged:
            self.init(.failed, message: "\(error.message) (a source of columns fixed in code cannot change them)")
        case let error as ListStoreError:
            self = error
        case is CancellationError:
            self.init(.timedOut, message: "the read was cancelled")
        case let error as URLError where error.code == .timedOut:
            self.init(.gatewayTimeout, message: "\(error.localizedDescription) (URLError \(error.code.rawValue))")
        case let error as URLError where error.code == .cancelled:
            self.init(.timedOut, message: "\(error.localizedDescription) (URLError \(error.code.rawValue))")
        case let error as URLError where Self.unreachable.contains(error.code):
            self.init(.unavailable, message: "\(error.localizedDescription) (URLError \(error.code.rawValue))")
        default:
            self.init(.failed, message: String(reflecting: error))
        }
    }

    /// The `URLError` codes of a service that cannot be reached now, worth retrying.
    private static let unreachable: Set<URLError.Code> = [
        .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed, .notConnectedToInternet,
        .secureConnectionFailed, .cannotLoadFromNetwork, .internationalRoamingOff, .callIsActive, .dataNotAllowed,
        .badServerResponse, .zeroByteResource, .resourceUnavailable,
    ]
}
