import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streamed body on its way out (``ResponseStream``): the piece being sent
/// and where it stands. libmicrohttpd's content-reader callback reads it on the
/// connection's thread; a worker writes it only while the connection is
/// suspended, and the request context's hand-over (acquire/release) orders that
/// write before the next read, as for an answer handed to a worker.
final class StreamedBody: @unchecked Sendable {
    let stream: ResponseStream
    let core: ServerCore
    let context: RequestContext
    let connection: OpaquePointer
    /// The piece being sent, and how much of it is sent.
    var piece: [UInt8]
    var offset = 0
    /// Whether the stream said `.end`.
    var isComplete = false
    /// Why the stream failed, once it did.
    var failure: String?

    init(_ stream: ResponseStream, first: [UInt8], core: ServerCore, context: RequestContext, connection: OpaquePointer) {
        self.stream = stream
        self.piece = first
        self.core = core
        self.context = context
        self.connection = connection
    }

    /// Asks the stream for its next non-empty piece (on a worker, or inline without workers).
    func produce() {
        offset = 0
        piece = []
        while true {
            switch stream.next() {
            case .bytes(let bytes) where bytes.isEmpty:
                continue
            case .bytes(let bytes):
                piece = bytes
            case .end:
                isComplete = true
            case .failed(let reason):
                failure = reason
            }
            return
        }
    }

    /// The bytes libmicrohttpd sends with each call of the content reader, at most.
    static let blockSize = 32 * 1024
}

/// A libmicrohttpd response whose body is `response.body` followed by its
/// stream's pieces (`MHD_create_response_from_callback` of unknown size, so
/// the body goes out chunked), or nil when libmicrohttpd has no memory.
func makeStreamedResponse(
    _ response: Response, stream: ResponseStream, context: RequestContext, connection: OpaquePointer, core: ServerCore
) -> OpaquePointer? {
    let body = StreamedBody(stream, first: response.body, core: core, context: context, connection: connection)
    let cls = Unmanaged.passRetained(body).toOpaque()
    guard
        let made = MHD_create_response_from_callback(
            UInt64.max, StreamedBody.blockSize, streamedBodyReader, cls, streamedBodyRelease)
    else {
        Unmanaged<StreamedBody>.fromOpaque(cls).release()
        return nil
    }
    return made
}

/// MHD_ContentReaderFreeCallback: the response is gone; releases its body.
private func streamedBodyRelease(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<StreamedBody>.fromOpaque(cls).release()
}

/// MHD_ContentReaderCallback: copies what is left of the current piece; at
/// its end asks for the next one, on a worker while the connection waits
/// suspended (returning 0, which libmicrohttpd allows only with a suspended
/// connection), or reports the end (`MHD_CONTENT_READER_END_OF_STREAM`, -1)
/// or a failure (`MHD_CONTENT_READER_END_WITH_ERROR`, -2: the connection is
/// closed without the last chunk).
private func streamedBodyReader(
    _ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int {
    let endOfStream = -1
    let endWithError = -2
    guard let cls, let buffer else { return endWithError }
    let body = Unmanaged<StreamedBody>.fromOpaque(cls).takeUnretainedValue()
    let context = body.context
    while true {
        let handOver = context.handOver.load(ordering: .acquiring)
        if handOver == RequestContext.HandOver.abandoned { return endWithError }  // the server is stopping
        if body.offset < body.piece.count {
            let count = min(capacity, body.piece.count - body.offset)
            body.piece.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + body.offset, byteCount: count)
            }
            body.offset += count
            context.bodyBytes += count
            return count
        }
        if body.isComplete { return endOfStream }
        if let failure = body.failure {
            body.core.configuration.errorLog(
                "the body of \(context.method) \(context.targetText) was broken off after \(context.bodyBytes) bytes: \(failure)")
            return endWithError
        }
        guard let workers = body.core.workers else {
            body.produce()
            continue
        }
        // The next piece may block (a query): on a worker, the connection suspended meanwhile.
        let key = ObjectIdentifier(context)
        context.handOver.store(RequestContext.HandOver.working, ordering: .releasing)
        body.core.suspended.withLock { $0[key] = ServerCore.SuspendedRequest(context: context, connection: body.connection) }
        MHD_suspend_connection(body.connection)
        workers.submit(yielding: true) {
            body.produce()
            guard
                body.context.handOver.compareExchange(
                    expected: RequestContext.HandOver.working, desired: RequestContext.HandOver.answered,
                    ordering: .acquiringAndReleasing
                ).exchanged
            else { return }  // the server stopped first and resumed the connection
            body.core.suspended.withLock { _ = $0.removeValue(forKey: key) }
            MHD_resume_connection(body.connection)
        }
        return 0
    }
}
