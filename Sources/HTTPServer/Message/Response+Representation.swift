extension Response {
    /// A cacheable representation answered with its validator: 200 with the
    /// bytes, or 304 with no body when the request's `If-None-Match` already
    /// names `entityTag` (RFC 9110 §13.1.2, §15.4.5). Both carry `ETag` and
    /// `Cache-Control`; only the 200 carries `Content-Type`.
    ///
    /// - Parameters:
    ///   - bytes: The representation.
    ///   - entityTag: Its strong tag, quoted (see `EntityTag.strong(for:)`).
    ///   - contentType: Its media type, e.g. `text/css; charset=utf-8`.
    ///   - cacheControl: The `Cache-Control` value (RFC 9111 §5.2.2).
    ///   - request: The request, for its `If-None-Match`.
    public static func representation(
        _ bytes: [UInt8], entityTag: String, contentType: String,
        cacheControl: String, for request: Request
    ) -> Response {
        var headers: HTTPHeaders = ["ETag": entityTag, "Cache-Control": cacheControl]
        if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, matches: entityTag) {
            return Response(status: 304, headers: headers)
        }
        headers.add(name: "Content-Type", value: contentType)
        return Response(status: 200, headers: headers, body: bytes)
    }
}
