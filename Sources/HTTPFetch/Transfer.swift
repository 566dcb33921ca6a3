import CCurlLoader

/// What one fetch's callbacks collect while libcurl runs it: every response's URL and
/// status, and the header fields and body of the latest response (a redirect's are dropped).
final class Transfer {
    /// The easy handle running this transfer, asked for each response's URL.
    let handle: UnsafeMutableRawPointer
    /// The body limit, in bytes.
    let maximumBodyBytes: Int
    /// Each response's URL and status code (interim 1xx answers included), in order.
    private(set) var responses: [(url: String, status: Int)] = []
    /// The latest response's header fields.
    private(set) var headers: [FetchHeaderField] = []
    /// The latest response's body so far.
    private(set) var body: [UInt8] = []
    /// Set when the body went past the limit and the transfer was stopped.
    private(set) var isBodyTooLarge = false

    init(handle: UnsafeMutableRawPointer, maximumBodyBytes: Int) {
        self.handle = handle
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The URLs that answered with a redirect: every final (non-1xx) response but the last.
    var redirects: [String] {
        Array(responses.filter { !(100..<200).contains($0.status) }.dropLast().map(\.url))
    }

    /// Takes one header line as libcurl hands it over (status line and blank line included).
    func receiveHeaderLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        let line = String(decoding: Self.trimmed(bytes[...]), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            let fields = line.split(separator: " ", maxSplits: 2)
            var url: UnsafePointer<CChar>?
            _ = liststate_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &url)
            responses.append((url.map { String(cString: $0) } ?? "", fields.count > 1 ? Int(fields[1]) ?? 0 : 0))
            headers = []
            body = []
        } else if let colon = line.firstIndex(of: ":") {
            let value = Self.trimmed(line.utf8[line.utf8.index(after: colon)...])
            headers.append(FetchHeaderField(name: String(line[..<colon]), value: String(decoding: value, as: UTF8.self)))
        }
    }

    /// `bytes` without leading and trailing spaces, tabs, CRs and LFs (byte-wise: "\r\n" is one Character).
    private static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }

    /// Takes body bytes; false (stop the transfer) when they would pass the limit.
    func receiveBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard body.count + bytes.count <= maximumBodyBytes else {
            isBodyTooLarge = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
