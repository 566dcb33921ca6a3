/// One `name=value` pair of a query string, percent-decoded, `+` read as a
/// space (the `application/x-www-form-urlencoded` convention, WHATWG URL §5.1).
public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value; `""` for `name` and `name=`.
    public var value: String

    /// Creates a pair.
    /// - Parameters:
    ///   - name: The decoded name.
    ///   - value: The decoded value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
