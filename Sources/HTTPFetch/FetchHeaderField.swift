/// One header field of a request or a response, as sent or received.
public struct FetchHeaderField: Sendable, Equatable {
    /// The field name; compared without regard to case.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// A field `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
