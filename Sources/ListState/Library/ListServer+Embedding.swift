import Dispatch
import HTTPServer

extension ListServer {
    /// A request as another server framework hands it over: no socket, no framework types.
    public struct Request: Sendable {
        /// The method (`GET`; `HEAD` is answered as `GET` without its body; `OPTIONS` 204 with
        /// `Allow`; others 405).
        public var method: String
        /// The path as it came on the request line, percent-encoded (`/books/42`), with the
        /// configured ``AppConfiguration/basePath`` when there is one.
        public var path: String
        /// The query without its `?`, percent-encoded as it came (`q=dune&sort=-year`); nil for none.
        public var query: String?
        /// The header fields, in order (`Accept-Language`, `HX-Request`, `If-None-Match`, …).
        public var headers: [(name: String, value: String)]

        /// Makes a request.
        public init(method: String = "GET", path: String, query: String? = nil, headers: [(name: String, value: String)] = []) {
            (self.method, self.path, self.query, self.headers) = (method, path, query, headers)
        }
    }

    /// The answer to a ``Request``: status, header fields and body, the body either whole
    /// (``body``) or, for a CSV export of a whole list, streamed after it (``stream``).
    public struct Response: Sendable {
        /// The HTTP status (200, 304, 400, 404, 503, …).
        public var status: Int
        /// The header fields, in order: `Content-Type`, `Cache-Control`, `ETag`, `Retry-After`,
        /// the security headers ListState's own server sends, … (a framework adds `Content-Length`
        /// or chunked transfer coding itself).
        public var headers: [(name: String, value: String)]
        /// The body, or its first bytes when ``stream`` follows.
        public var body: [UInt8]
        /// The rest of the body, made while it is read: send it with chunked transfer coding.
        /// Nil for an answer whose body is whole.
        public var stream: BodyStream?

        /// The first value of header field `name` (compared without case), if any.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The rest of a streamed body (a CSV export), one piece at a time. A piece may wait
    /// on the source: it is made on a thread of ListState's own, never on the caller's.
    public struct BodyStream: AsyncSequence, Sendable {
        public typealias Element = [UInt8]
        let stream: ResponseStream

        public func makeAsyncIterator() -> Iterator { Iterator(stream: stream) }

        /// Reads the pieces in order.
        public struct Iterator: AsyncIteratorProtocol {
            let stream: ResponseStream
            var isOver = false

            /// The next piece; nil at the end of the body.
            /// - Throws: ``BodyStreamError`` when the body cannot go on (the source failed
            ///   mid-export): break the connection off, so the client sees a broken transfer.
            public mutating func next() async throws -> [UInt8]? {
                while !isOver {
                    let stream = stream
                    let piece = await withCheckedContinuation { continuation in
                        DispatchQueue.global().async { continuation.resume(returning: stream.next()) }
                    }
                    switch piece {
                    case .bytes(let bytes) where bytes.isEmpty: continue
                    case .bytes(let bytes): return bytes
                    case .end: isOver = true
                    case .failed(let reason):
                        isOver = true
                        throw BodyStreamError(reason: reason)
                    }
                }
                return nil
            }
        }
    }

    /// Why a streamed body stopped before its end.
    public struct BodyStreamError: Error, Sendable {
        /// What failed, for the log.
        public var reason: String
    }

    /// Answers `request` as ListState's own server would, headers included: the entry point
    /// for mounting the lists in another framework, and for testing a list without a socket.
    /// A list whose source suspends is awaited; one that blocks (a database) is read on a
    /// thread of ListState's own.
    public func respond(to request: Request) async -> Response {
        let target = request.path + (request.query.map { "?" + $0 } ?? "")
        let headers = HTTPHeaders(request.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) })
        var response: HTTPServer.Response
        do {
            let parsed = try HTTPServer.Request(method: HTTPMethod(rawValue: request.method.uppercased()), target: target, headers: headers)
            response = await answer(parsed).response()
        } catch {
            response = serverConfiguration.malformedTarget?(headers, target) ?? .status(400)
        }
        response.headers.addMissing(serverConfiguration.defaultHeaders)
        var body = response.body
        if request.method.uppercased() == "HEAD" { body = [] }
        return Response(
            status: response.status, headers: response.headers.fields.map { ($0.name, $0.value) }, body: body,
            stream: request.method.uppercased() == "HEAD" ? nil : response.stream.map { BodyStream(stream: $0) })
    }
}
