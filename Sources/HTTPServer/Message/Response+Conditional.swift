extension Response {
    /// This response as the answer to `request`'s conditions: when the
    /// response has an `ETag` and the request's `If-None-Match` names it, a
    /// 304 with the same header fields but `Content-Type` and no body
    /// (RFC 9110 §13.1.2, §15.4.5: a 304 carries the `ETag`, `Vary` and
    /// `Cache-Control` the 200 would have); otherwise the response unchanged.
    /// - Parameter request: The request, for its `If-None-Match`.
    /// - Returns: The response to send.
    public func evaluatingConditions(of request: Request) -> Response {
        guard status == 200, let tag = headers["ETag"], let condition = request.headers["If-None-Match"],
            EntityTag.ifNoneMatch(condition, matches: tag)
        else { return self }
        var notModified = Response(status: 304, headers: headers)
        notModified.headers.remove(name: "Content-Type")
        return notModified
    }
}
