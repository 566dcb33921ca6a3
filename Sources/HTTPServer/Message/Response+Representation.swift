extension Response {
    /// A cacheable representation answered with its validator: 200 with the
    /// bytes, 304 with no body when the request's `If-None-Match` already names
    /// `entityTag`, or 412 when its `If-Match` does not (RFC 9110 §13.1, §15.4.5;
    /// ``evaluatingConditions(of:)``). The 200 and 304 carry `ETag` and
    /// `Cache-Control`; only the 200 carries `Content-Type`.
    ///
    /// - Parameters:
    ///   - bytes: The representation.
    ///   - entityTag: Its strong tag, quoted (see `EntityTag.strong(for:)`).
    ///   - contentType: Its media type, e.g. `text/css; charset=utf-8`.
    ///   - cacheControl: The `Cache-Control` value (RFC 9111 §5.2.2).
    ///   - request: The request, for its `If-Match` and `If-None-Match`.
    public static func representation(
        _ bytes: [UInt8], entityTag: String, contentType: String,
        cacheControl: String, for request: Request
    ) -> Response {
        let headers: HTTPHeaders = ["ETag": entityTag, "Cache-Control": cacheControl, "Content-Type": contentType]
        return Response(status: 200, headers: headers, body: bytes).evaluatingConditions(of: request)
    }
}
