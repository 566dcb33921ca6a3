/// The final answer of a fetch, after any redirects.
public struct FetchResponse: Sendable, Equatable {
    /// The status code of the final response.
    public var status: Int
    /// The header fields of the final response, in the order received.
    public var headers: [FetchHeaderField]
    /// The body of the final response, with any content coding (gzip) undone.
    public var body: [UInt8]
    /// The URL the final response came from (the request's URL when nothing redirected).
    public var finalURL: String
    /// The URLs that answered with a redirect, in order, starting with the request's URL;
    /// empty when nothing redirected.
    public var redirects: [String]

    /// A response; made by ``Fetcher``, and by tests.
    public init(status: Int, headers: [FetchHeaderField], body: [UInt8], finalURL: String, redirects: [String]) {
        self.status = status
        self.headers = headers
        self.body = body
        self.finalURL = finalURL
        self.redirects = redirects
    }

    /// The value of the first field named `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
