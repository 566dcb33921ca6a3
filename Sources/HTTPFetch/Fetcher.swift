import CCurlLoader

/// Fetches `http://` and `https://` URLs with libcurl: redirects followed up to the
/// request's limit (to http and https only), TLS always verified, the connection and
/// the whole fetch bounded in time, the body bounded in size.
///
/// Safe to use from any number of threads at once: each fetch runs on its own easy
/// handle, on the calling thread, and blocks it until the fetch ends.
///
/// Proxies: nothing here sets one, so libcurl uses the environment's, as curl does:
/// `http_proxy` for `http://` URLs (lower case only), `https_proxy` or `HTTPS_PROXY`,
/// `all_proxy`, and the hosts of `no_proxy` (or `NO_PROXY`) fetched directly.
public struct Fetcher: Sendable {
    /// The protocols a fetch, and each redirect, may use.
    static let protocols = "http,https"
    /// Where connections are kept between fetches; nil: each fetch opens its own and closes it.
    public let connections: FetchConnections?

    /// A fetcher whose every fetch opens its own connection and closes it at the end.
    public init() { connections = nil }

    /// A fetcher whose fetches reuse the connections kept in `connections` (and keep theirs there).
    public init(keeping connections: FetchConnections) { self.connections = connections }

    /// Fetches `request.url`, following redirects.
    ///
    /// - Parameter request: The URL, header fields and limits.
    /// - Returns: The final response, whatever its status.
    /// - Throws: ``FetchError`` when no response could be had within the request's limits.
    public func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        try FetchURL.check(request.url)
        for field in request.headers where !Self.isValid(field) {
            throw .badHeaderField(field.name)
        }
        guard CurlLibrary.isReady, let handle = connections.map({ $0.take() }) ?? curl_easy_init() else {
            throw .transferFailed(CurlLibrary.loadFailure ?? "libcurl could not be initialised")
        }
        defer {
            if let connections { connections.give(handle) } else { curl_easy_cleanup(handle) }
        }
        let transfer = Transfer(handle: handle, maximumBodyBytes: request.maximumBodyBytes)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var fieldList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(fieldList) }
        for field in request.headers {
            // "Name;" is curl's spelling of a field with an empty value ("Name:" would remove it).
            fieldList = curl_slist_append(fieldList, field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }

        try withExtendedLifetime(transfer) { () throws(FetchError) in
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            let settings: [CURLcode] = [
                liststate_curl_set_string(handle, CURLOPT_URL, request.url),
                liststate_curl_set_long(handle, CURLOPT_HTTPGET, 1),
                liststate_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, Self.protocols),
                liststate_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, Self.protocols),
                liststate_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, request.maximumRedirects > 0 ? 1 : 0),
                liststate_curl_set_long(handle, CURLOPT_MAXREDIRS, max(0, request.maximumRedirects)),
                liststate_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout)),
                liststate_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.totalTimeout)),
                liststate_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1),
                liststate_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2),
                // No SIGALRM for timeouts: signals are not safe with many threads.
                liststate_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
                liststate_curl_set_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
                liststate_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
                liststate_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBodyBytes)),
                liststate_curl_set_pointer(handle, CURLOPT_HTTPHEADER, fieldList),
                liststate_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
                liststate_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, Self.headerCallback),
                liststate_curl_set_pointer(handle, CURLOPT_HEADERDATA, context),
                liststate_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, Self.bodyCallback),
                liststate_curl_set_pointer(handle, CURLOPT_WRITEDATA, context),
            ]
            // Only the authorities of the file, not the system's as well (CURLOPT_CAPATH's folder).
            let authorities =
                request.caFile.map {
                    [liststate_curl_set_string(handle, CURLOPT_CAINFO, $0), liststate_curl_set_pointer(handle, CURLOPT_CAPATH, nil)]
                } ?? []
            if let refused = (settings + authorities).first(where: { $0 != CURLE_OK }) {
                throw .transferFailed("\(CurlLibrary.version) refused an option: \(Self.message(refused, errorBuffer))")
            }
            let code = curl_easy_perform(handle)
            guard code == CURLE_OK else {
                throw Self.error(for: code, message: Self.message(code, errorBuffer), transfer: transfer, request: request)
            }
        }
        var status = 0
        _ = liststate_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var finalURL: UnsafePointer<CChar>?
        _ = liststate_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &finalURL)
        return FetchResponse(
            status: status, headers: transfer.headers, body: transfer.body,
            finalURL: finalURL.map { String(cString: $0) } ?? request.url, redirects: transfer.redirects)
    }

    /// The error for a failed `curl_easy_perform`.
    static func error(for code: CURLcode, message: String, transfer: Transfer, request: FetchRequest) -> FetchError {
        var url: UnsafePointer<CChar>?
        _ = liststate_curl_get_string(transfer.handle, CURLINFO_EFFECTIVE_URL, &url)
        let lastURL = url.map { String(cString: $0) } ?? request.url
        switch code {
        case _ where transfer.isBodyTooLarge, CURLE_FILESIZE_EXCEEDED: return .bodyTooLarge(limit: request.maximumBodyBytes)
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedScheme(lastURL)
        case CURLE_URL_MALFORMAT: return .badURL(lastURL)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotResolve(message)
        case CURLE_COULDNT_CONNECT: return .cannotConnect(message)
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(message)
        case CURLE_TOO_MANY_REDIRECTS: return .tooManyRedirects(limit: request.maximumRedirects, url: lastURL)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .tls(message)
        default: return .transferFailed(message)
        }
    }

    /// curl's own words for a failure: the error buffer's, else the code's.
    private static func message(_ code: CURLcode, _ buffer: UnsafeMutablePointer<CChar>) -> String {
        buffer.pointee != 0 ? String(cString: buffer) : String(cString: curl_easy_strerror(code))
    }

    /// A field curl can send as given: a token-like name, a value without line breaks or NUL.
    static func isValid(_ field: FetchHeaderField) -> Bool {
        let forbidden: Set<UInt8> = [0, 10, 13]
        return !field.name.isEmpty && !field.name.utf8.contains { forbidden.contains($0) || $0 == 58 || $0 == 32 || $0 == 9 }
            && !field.value.utf8.contains { forbidden.contains($0) }
    }

    /// A timeout in whole milliseconds, at least 1 (0 would mean none to libcurl).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64(Int.max / 2000) else { return Int.max / 2 }
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    private static let headerCallback: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
            transfer.receiveHeaderLine(UnsafeBufferPointer(start: $0, count: size * count))
        }
        return size * count
    }

    private static let bodyCallback: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
        let kept = data.withMemoryRebound(to: UInt8.self, capacity: size * count) {
            transfer.receiveBody(UnsafeBufferPointer(start: $0, count: size * count))
        }
        return kept ? size * count : 0
    }
}
