import CCurlLoader

/// The check a request's URL passes before anything is sent, with libcurl's own URL parser.
enum FetchURL {
    /// Throws unless `url` is an absolute `http` or `https` URL with a host.
    static func check(_ url: String) throws(FetchError) {
        guard CurlLibrary.isReady, let parsed = curl_url() else {
            throw .transferFailed(CurlLibrary.loadFailure ?? "libcurl could not be initialised")
        }
        defer { curl_url_cleanup(parsed) }
        // Any scheme parses, so that ftp:// is told apart from a URL that is not one.
        guard curl_url_set(parsed, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK else {
            throw .badURL(url)
        }
        let scheme = part(CURLUPART_SCHEME, of: parsed)?.lowercased()
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(url) }
        guard let host = part(CURLUPART_HOST, of: parsed), !host.isEmpty else { throw .badURL(url) }
    }

    private static func part(_ part: CURLUPart, of url: OpaquePointer) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard curl_url_get(url, part, &text, 0) == CURLUE_OK, let text else { return nil }
        defer { curl_free(text) }
        return String(cString: text)
    }
}
