import CMicroHTTPD

extension Server {
    /// The version of the libmicrohttpd the server runs on, as the library
    /// reports it at run time (`MHD_get_version`), e.g. `0.9.75`.
    public static var libraryVersion: String {
        MHD_get_version().map { String(cString: $0) } ?? "unknown"
    }
}
