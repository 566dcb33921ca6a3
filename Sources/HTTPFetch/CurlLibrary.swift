import CCurl

/// libcurl's process-wide setup, done once before the first easy handle
/// (`curl_global_init` is not safe to call from two threads at once; a `static let` runs once).
enum CurlLibrary {
    /// Whether `curl_global_init` succeeded.
    static let isReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// libcurl's version and its libraries', such as "libcurl/7.88.1 OpenSSL/3.0.17 zlib/1.2.13".
    static var version: String { String(cString: curl_version()) }
}
