import CCurlLoader

/// libcurl's process-wide setup, done once before the first URL or easy handle: the library
/// loaded (`CCurlLoader`: not mapped until an upstream list fetches) and initialised
/// (`curl_global_init` is not safe to call from two threads at once; a `static let` runs once).
enum CurlLibrary {
    /// Why libcurl could not be loaded, nil when it was.
    static let loadFailure: String? = {
        var message = [CChar](repeating: 0, count: 512)
        guard liststate_curl_load(&message, message.count) != 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// Whether libcurl is loaded and `curl_global_init` succeeded.
    static let isReady: Bool = loadFailure == nil && curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// libcurl's version and its libraries', such as "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13".
    static var version: String { String(cString: curl_version()) }
}
