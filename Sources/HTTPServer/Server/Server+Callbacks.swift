import CMicroHTTPD
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libmicrohttpd's callbacks. They are plain C function pointers: no captures;
// the ServerCore arrives through `cls` (retained by the Server while the
// daemon runs) and the RequestContext through `*con_cls`.
// Manual: https://www.gnu.org/software/libmicrohttpd/manual/html_node/

/// The longest target whose query libmicrohttpd may keep: at most 64 parameters,
/// a few KiB of the connection's 32 KiB pool.
let queryCutLength = 128

/// MHD_OPTION_URI_LOG_CALLBACK: called once per request when the request line
/// has been read, before the headers. Its return value becomes `*con_cls`, so
/// this is where each request's context is made. It is counted as in flight
/// only once it is complete and handed to the responder: a client that sends
/// half a request (headers or body) and stops must not hold up a graceful
/// shutdown (found by QA: it kept the server 25 s and made it exit 1).
/// libmicrohttpd is kept from storing a long target's query (`liststate_mhd_skip_query`).
func serverURILogCallback(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    guard let cls else { return nil }
    var target: [UInt8] = []
    if let uri {
        let length = strlen(uri)
        target = Array(UnsafeRawBufferPointer(start: uri, count: length))
        // The query is read from this copy: libmicrohttpd's records of its
        // parameters could fill the connection's pool. A short target holds too
        // few to matter, and is left as it is (the cut's search costs every request).
        if length > queryCutLength { liststate_mhd_skip_query(uri) }
    }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = RequestContext(
        rawTarget: target, remoteAddress: connection.flatMap(clientAddress), logged: core.configuration.accessLog != nil)
    return Unmanaged.passRetained(context).toOpaque()
}

/// MHD_OPTION_NOTIFY_COMPLETED: the request is over (sent, or the connection
/// failed). Writes the access log line, releases the context.
func serverCompletedCallback(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ termination: MHD_RequestTerminationCode
) {
    guard let cls, let contextSlot, let raw = contextSlot.pointee else { return }
    contextSlot.pointee = nil
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    if let status = context.status, let accessLog = core.configuration.accessLog {
        let (seconds, attoseconds) = (ContinuousClock.now - context.started).components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        accessLog(
            AccessLogEntry(
                method: context.method, target: context.targetText, status: status,
                bodyBytes: context.bodyBytes, durationMilliseconds: milliseconds,
                remoteAddress: context.remoteAddress, time: context.startedAt ?? Date(), httpVersion: context.httpVersion,
                referer: context.headers["Referer"], userAgent: context.headers["User-Agent"], requestID: context.requestID))
    }
    if context.isCounted { core.requestsInFlight.subtract(1, ordering: .relaxed) }
}

/// The access handler, in two phases so keep-alive works: the first call
/// (headers complete) only marks the context and returns; body chunks are
/// collected; the last call (no more upload data) answers.
func serverAccessHandler(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let uploadDataSize, let contextSlot else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context: RequestContext
    if let raw = contextSlot.pointee {
        context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
    } else {
        // The URI log callback always runs first; this only guards against a
        // libmicrohttpd that does not call it. MHD's URL is already decoded,
        // so it cannot be trusted as raw: answer 400.
        context = RequestContext(rawTarget: [], remoteAddress: clientAddress(connection), logged: core.configuration.accessLog != nil)
        contextSlot.pointee = Unmanaged.passRetained(context).toOpaque()
    }

    if !context.headersReceived {
        context.headersReceived = true
        context.method = HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "")
        let (headers, headerBytes) = requestHeaders(connection)
        context.headers = headers
        context.httpVersion = version.map { String(cString: $0) } ?? "HTTP/1.1"
        // A declared body over the limit is refused before it is read; the
        // response is queued now and libmicrohttpd closes the connection
        // after it (the unread body makes keep-alive impossible).
        if let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
            let length = Int(String(cString: declared)), length > core.configuration.maxRequestBodyBytes
        {
            context.bodyTooLarge = true
            return queue(core.finalize(core.answer(for: context, headers: HTTPHeaders()).respondHere()), on: connection, context: context, core: core)
        }
        // RFC 9112 §6.3: differing Content-Length values make the message's
        // length unknowable (the door to request smuggling), and §3.2: a
        // request with more than one Host, or an HTTP/1.1 request with none,
        // is invalid. Answer 400 before any body is read; libmicrohttpd
        // closes the connection after it.
        if let status = sizeProblem(targetBytes: context.rawTarget.count, headerBytes: headerBytes, configuration: core.configuration) {
            // Ours, with our headers, before libmicrohttpd's own pool limit answers without them.
            context.method = .get
            var refused =
                core.configuration.refusedForSize?(status, headers, context.targetText)
                ?? Response.text("\(Response.reasonPhrase(status))\n", status: status)
            refused.status = status
            refused.headers.replaceOrAdd(name: "Connection", value: "close")
            return queue(core.finalize(refused), on: connection, context: context, core: core)
        }
        if let problem = framingProblem(headers, httpVersion: version.map { String(cString: $0) }) {
            context.method = .get
            // A 400 is the application's page for a request it cannot read, when it has one.
            var refused =
                problem.status == 400
                ? core.configuration.malformedTarget?(headers, nil) ?? Response.text("Bad Request: \(problem.reason)\n", status: 400)
                : Response.text("\(Response.reasonPhrase(problem.status)): \(problem.reason)\n", status: problem.status)
            refused.headers.replaceOrAdd(name: "Connection", value: "close")
            return queue(core.finalize(refused), on: connection, context: context, core: core)
        }
        return .YES
    }
    let chunkSize = uploadDataSize.pointee
    if chunkSize > 0 {
        uploadDataSize.pointee = 0
        if context.status != nil || context.bodyTooLarge { return .YES }  // answered or discarding
        if context.body.count + chunkSize > core.configuration.maxRequestBodyBytes {
            // A chunked body that grows over the limit. libmicrohttpd 0.9.75
            // accepts a response only right after the headers or after the
            // whole body, so the rest is discarded and 413 sent at the end.
            context.bodyTooLarge = true
            context.body = []
            return .YES
        }
        if let uploadData {
            context.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: chunkSize))
        }
        return .YES
    }
    if context.status != nil { return .YES }  // already answered
    if context.isWithWorker {
        // Called again after the connection was resumed: by the worker with
        // its answer, or by a stop that could not wait for it.
        if context.handOver.load(ordering: .acquiring) == RequestContext.HandOver.answered,
            let response = context.workerResponse
        {
            context.workerResponse = nil
            return queue(response, on: connection, context: context, core: core)
        }
        var stopping = Response.text("Service Unavailable: the server is stopping\n", status: 503)
        stopping.headers.replaceOrAdd(name: "Connection", value: "close")
        return queue(core.finalize(stopping), on: connection, context: context, core: core)
    }
    context.isCounted = true
    core.requestsInFlight.add(1, ordering: .relaxed)
    switch core.answer(for: context, headers: context.headers) {
    case .now(let response):
        return queue(core.finalize(response), on: connection, context: context, core: core)
    case .onWorker(let step):
        guard let workers = core.workers else {
            return queue(core.finalize(step()), on: connection, context: context, core: core)
        }
        suspend(context: context, connection: connection, core: core) { answer in workers.submit { answer(step()) } }
        return .YES
    case .suspending(let step):
        suspend(context: context, connection: connection, core: core) { answer in
            Task(executorPreference: AnswerExecutor.shared) { answer(await step()) }
        }
        return .YES
    }
}

/// Suspends the connection and lets `start` make its response elsewhere (a worker, a
/// task): the `answer` it is given stores the response and resumes the connection, and
/// libmicrohttpd calls the access handler again, which queues it. Unless a stop resumed
/// the connection first (``ServerCore/abandonSuspended()``): then the answer is dropped.
private func suspend(
    context: RequestContext, connection: OpaquePointer, core: ServerCore,
    _ start: (_ answer: @escaping @Sendable (Response) -> Void) -> Void
) {
    let handed = ServerCore.SuspendedRequest(context: context, connection: connection)
    let key = ObjectIdentifier(context)
    context.isWithWorker = true
    core.suspended.withLock { $0[key] = handed }
    MHD_suspend_connection(connection)
    start { response in
        let request = handed
        request.context.workerResponse = core.finalize(response)
        guard
            request.context.handOver.compareExchange(
                expected: RequestContext.HandOver.working, desired: RequestContext.HandOver.answered,
                ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        core.suspended.withLock { _ = $0.removeValue(forKey: key) }
        MHD_resume_connection(request.connection)
    }
}

/// Hands a response to libmicrohttpd (its body lent in place: ``LentBody``).
/// A header it refuses (CR/LF in a value, a malformed name) replaces the whole
/// response with a bare 500: never send a response that silently lost a field.
private func queue(_ response: Response, on connection: OpaquePointer, context: RequestContext, core: ServerCore) -> MHD_Result {
    // A shared response is made once and queued as it is (no X-Request-Id: see SharedResponse).
    if let shared = response.shared, response.stream == nil,
        let handle = shared.daemonResponse(make: { try? makeDaemonResponse(response).get() })
    {
        context.status = response.status
        context.bodyBytes = (context.method == .head || response.status == 304) ? 0 : response.body.count
        return MHD_queue_response(connection, UInt32(response.status), handle)
    }
    var sent = response
    if sent.stream != nil, context.httpVersion == "HTTP/1.0" {
        // HTTP/1.0 has no chunks: the end of the connection ends the body, so a body
        // broken off by a fault would look whole (found by QA: curl --http1.0 saved a
        // short CSV and exited 0). A streamed body is refused instead.
        sent = core.finalize(
            Response.text("HTTP Version Not Supported: this answer is streamed and needs HTTP/1.1\n", status: 505))
    }
    if sent.stream != nil, context.method == .head {
        // libmicrohttpd 0.9.75 writes a chunked body's last chunk even for HEAD (found by
        // QA): the connection closes after it, so no stray bytes precede a next answer.
        sent.headers.replaceOrAdd(name: "Connection", value: "close")
    }
    // Every answer names its request (X-Request-Id: taken from a proxy, or made here).
    if !context.requestID.isEmpty { sent.headers.replaceOrAdd(name: "X-Request-Id", value: context.requestID) }
    var handle: OpaquePointer
    let streaming = sent.stream.map { stream in
        { (response: Response) in makeStreamedResponse(response, stream: stream, context: context, connection: connection, core: core) }
    }
    switch makeDaemonResponse(sent, body: streaming) {
    case .success(let made):
        handle = made
    case .failure(let reason):
        core.configuration.errorLog("response \(response.status) for \(context.method) \(context.targetText) not sent: \(reason); sent 500 instead")
        sent = core.finalize(Response.status(500))
        switch makeDaemonResponse(sent) {
        case .success(let made):
            handle = made
        case .failure(let reason):
            core.configuration.errorLog("the default headers are refused too (\(reason)); sent a bare 500")
            sent = Response.status(500)
            guard case .success(let made) = makeDaemonResponse(sent) else { return .NO }
            handle = made
        }
    }
    defer { MHD_destroy_response(handle) }
    context.status = sent.status
    // A streamed body is counted as it is sent (``StreamedBody``).
    context.bodyBytes = (context.method == .head || sent.status == 304 || sent.stream != nil) ? 0 : sent.body.count
    return MHD_queue_response(connection, UInt32(sent.status), handle)
}

private struct DaemonResponseRefused: Error {
    let reason: String
}

/// The libmicrohttpd response for `response`: its body lent (``LentBody``), or (with
/// `body`) made by that function, for a streamed body.
private func makeDaemonResponse(
    _ response: Response, body: ((Response) -> OpaquePointer?)? = nil
) -> Result<OpaquePointer, DaemonResponseRefused> {
    let made: OpaquePointer? =
        if let body {
            body(response)
        } else {
            LentBody.daemonResponse(response.body)
        }
    guard let made else { return .failure(DaemonResponseRefused(reason: "out of memory")) }
    for field in response.headers {
        // libmicrohttpd frames the message itself: Content-Length comes from
        // the body (an application value is refused), Transfer-Encoding is its
        // choice. Skipping them is documented on Response.
        if HTTPHeaders.namesEqual(field.name, "Content-Length") || HTTPHeaders.namesEqual(field.name, "Transfer-Encoding") {
            continue
        }
        // withCString hands over a native string's own bytes (they end in NUL);
        // passing the strings themselves made a C copy of each (two
        // allocations a field: callgrind).
        let added = field.name.withCString { name in field.value.withCString { MHD_add_response_header(made, name, $0) } }
        if added != .YES {
            MHD_destroy_response(made)
            return .failure(DaemonResponseRefused(reason: "header field \(field.name) refused (CR, LF or an invalid name)"))
        }
    }
    return .success(made)
}

/// Why a request's framing or `Host` cannot be trusted, as the status to
/// answer and a reason, or nil:
/// - `Content-Length` together with `Transfer-Encoding` (RFC 9112 §6.1: the
///   door to request smuggling), or differing `Content-Length` values (§6.3) → 400;
/// - a `Transfer-Encoding` whose last coding is not `chunked` (§6.3) → 400,
///   or with codings before `chunked`, which the server does not implement
///   (§6.1) → 501 (found by QA: both got no answer until the idle timeout);
/// - more than one `Host`, none in an HTTP/1.1 request, or a value that is
///   not `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986 §3.2.2; ``HostField``) → 400.
/// The server answers each before reading any body and closes the connection.
/// - Parameters:
///   - headers: The request's header fields.
///   - httpVersion: The request line's version (`HTTP/1.1`), if known.
func framingProblem(_ headers: HTTPHeaders, httpVersion: String? = nil) -> (status: Int, reason: String)? {
    // One pass over the fields; the usual request (no Transfer-Encoding, at most one
    // Content-Length, one Host) allocates nothing here.
    var transferEncodings: [String] = []
    var lengths: [String] = []
    var host: String?
    var hostCount = 0
    for field in headers {
        if HTTPHeaders.namesEqual(field.name, "Host") {
            hostCount += 1
            host = field.value
        } else if HTTPHeaders.namesEqual(field.name, "Content-Length") {
            lengths.append(field.value)
        } else if HTTPHeaders.namesEqual(field.name, "Transfer-Encoding") {
            transferEncodings.append(field.value)
        }
    }
    if !transferEncodings.isEmpty {
        if !lengths.isEmpty { return (400, "Content-Length together with Transfer-Encoding") }
        let codings = transferEncodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace().lowercased() }
        guard codings.last == "chunked" else { return (400, "the last transfer coding is not chunked") }
        if codings.count > 1 { return (501, "transfer codings other than chunked are not implemented") }
    }
    if lengths.count > 1 || lengths.first?.utf8.contains(UInt8(ascii: ",")) == true {
        let distinct = Set(lengths.flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace() })
        if distinct.count > 1 { return (400, "conflicting Content-Length values") }
    }
    if hostCount > 1 { return (400, "more than one Host") }
    if hostCount == 0, httpVersion == "HTTP/1.1" { return (400, "no Host") }
    if let host, !HostField.isValid(host) { return (400, "an invalid Host") }
    return nil
}

/// 414 when the request target is longer than `configuration.maxTargetBytes`,
/// 431 when the header fields take more than `configuration.maxHeaderBytes`
/// (`headerBytes`: each name and value as received, plus 4 bytes for `: ` and
/// CRLF); nil when both fit.
func sizeProblem(targetBytes: Int, headerBytes: Int, configuration: Server.Configuration) -> Int? {
    if targetBytes > configuration.maxTargetBytes { return 414 }
    return headerBytes > configuration.maxHeaderBytes ? 431 : nil
}

/// The request's header fields, in order, and the bytes they take as received:
/// each name and value plus 4 (`: ` and CRLF). Each name and value is read with
/// its length (`MHD_get_connection_values_n`) and decoded as `String(cString:)`
/// would, up to a NUL and with invalid UTF-8 repaired, without measuring and
/// validating it again (`String(cString:)` was a fifth of reading them:
/// callgrind). The bytes are counted before the repair, which may triple them
/// (found by a break-it pass: 7,000 bytes of `0xFF` were refused as over 8 KiB).
private func requestHeaders(_ connection: OpaquePointer) -> (fields: HTTPHeaders, bytes: Int) {
    var read = (fields: HTTPHeaders(), bytes: 0)
    withUnsafeMutablePointer(to: &read) { pointer in
        _ = MHD_get_connection_values_n(
            connection, .HEADER_KIND,
            { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                let read = cls.assumingMemoryBound(to: (fields: HTTPHeaders, bytes: Int).self)
                read.pointee.fields.add(
                    name: headerText(key, count: keySize), value: value.map { headerText($0, count: valueSize, trimming: true) } ?? "")
                read.pointee.bytes += keySize + valueSize + 4
                return .YES
            }, pointer)
    }
    return read
}

/// The `count` bytes at `text` up to the first NUL, as UTF-8 (invalid sequences
/// repaired); with `trimming`, without the spaces and tabs around them (a field
/// value's OWS is not part of it, RFC 9112 §5: libmicrohttpd 0.9.75 keeps trailing
/// whitespace, and `Host: localhost ` was refused; found by a break-it pass).
private func headerText(_ text: UnsafePointer<CChar>, count: Int, trimming: Bool = false) -> String {
    text.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
        var end = memchr(bytes, 0, count).map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes) } ?? count
        var start = 0
        if trimming {
            func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
            while start < end, isWhitespace(bytes[start]) { start += 1 }
        }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }
}

/// The connection's numeric client address: an IPv4 address written here (most
/// clients: `inet_ntop` formats it with `sprintf`, and the copies around it cost a
/// cached page about 3 % of its instructions; callgrind), any other through `inet_ntop`.
private func clientAddress(_ connection: OpaquePointer) -> String? {
    var ipv4: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    let isIPv4 = withUnsafeMutableBytes(of: &ipv4) { liststate_mhd_client_ipv4(connection, $0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
    if isIPv4 == 1 { return dottedDecimal(ipv4) }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
        guard liststate_mhd_client_address(connection, buffer.baseAddress, buffer.count) == 1 else { return nil }
        return String(cString: buffer.baseAddress!)
    }
}

/// An IPv4 address in dotted decimal (`192.0.2.1`), as `inet_ntop` writes it: each
/// byte in decimal without leading zeros (RFC 4001 §3, the "dotted-quad" form).
func dottedDecimal(_ address: (UInt8, UInt8, UInt8, UInt8)) -> String {
    String(unsafeUninitializedCapacity: 15) { buffer in
        var count = 0
        func write(_ byte: UInt8, dot: Bool) {
            if byte >= 100 {
                buffer[count] = UInt8(ascii: "0") + byte / 100
                count += 1
            }
            if byte >= 10 {
                buffer[count] = UInt8(ascii: "0") + byte / 10 % 10
                count += 1
            }
            buffer[count] = UInt8(ascii: "0") + byte % 10
            count += 1
            if dot {
                buffer[count] = UInt8(ascii: ".")
                count += 1
            }
        }
        write(address.0, dot: true)
        write(address.1, dot: true)
        write(address.2, dot: true)
        write(address.3, dot: false)
        return count
    }
}

/// MHD_OPTION_NOTIFY_CONNECTION (through the shim): keeps the set of open
/// connection sockets for a graceful shutdown.
func serverConnectionCallback(_ cls: UnsafeMutableRawPointer?, _ descriptor: Int32, _ opened: Int32) {
    guard let cls else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    core.openConnections.withLock { connections in
        if opened != 0 { connections.insert(descriptor) } else { connections.remove(descriptor) }
    }
}

/// libmicrohttpd's diagnostics, formatted by the shim.
func serverDaemonLogCallback(_ cls: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let cls, let message else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let text = String(cString: message)
    core.lastDaemonMessage.withLock { $0 = text }
    core.configuration.errorLog("libmicrohttpd: \(text)")
}
