extension Response {
    /// This response as the answer to `request`'s preconditions, evaluated in the
    /// order RFC 9110 §13.2.2 gives, and only for a 2xx (a server ignores them for
    /// any other status, §13.2.1):
    /// - `If-Match` that names none of the response's `ETag` (strong comparison; `*`
    ///   matches): 412 Precondition Failed (§15.5.13), with the response's `ETag`
    ///   and `Vary` and a short text body;
    /// - else a 200 with an `ETag` that `If-None-Match` names: a 304 with the same
    ///   header fields but `Content-Type` and no body (§13.1.2, §15.4.5: a 304 carries
    ///   the `ETag`, `Vary` and `Cache-Control` the 200 would have);
    /// - otherwise the response unchanged.
    ///
    /// `If-Modified-Since` and `If-Unmodified-Since` are not evaluated: no response
    /// carries `Last-Modified`, and an entity tag is the stronger validator.
    /// - Parameter request: The request, for its `If-Match` and `If-None-Match`.
    /// - Returns: The response to send.
    public func evaluatingConditions(of request: Request) -> Response {
        guard (200..<300).contains(status) else { return self }
        let tag = headers["ETag"]
        if let condition = request.headers["If-Match"], !EntityTag.ifMatch(condition, matches: tag) {
            var failed = Response.text(
                "\(Response.reasonPhrase(412)): If-Match names no current representation of this resource.\n",
                status: 412)
            for name in ["ETag", "Vary"] {
                if let value = headers[name] { failed.headers.replaceOrAdd(name: name, value: value) }
            }
            return failed
        }
        guard status == 200, let tag, let condition = request.headers["If-None-Match"],
            EntityTag.ifNoneMatch(condition, matches: tag)
        else { return self }
        var notModified = Response(status: 304, headers: headers)
        notModified.headers.remove(name: "Content-Type")
        return notModified
    }
}
