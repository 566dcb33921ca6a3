/// An ordered list of header fields with case-insensitive name lookup
/// (RFC 9110 §5.1: field names are case-insensitive).
///
/// Order and repeated names are kept as received or added. Names are compared
/// by ASCII case folding only.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Equatable {
        /// The field name as written, e.g. `"Content-Type"`.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates an empty list.
    public init() { fields = [] }

    /// Creates a list from fields, in order.
    /// - Parameter fields: The fields.
    public init(_ fields: [Field]) { self.fields = fields }

    /// Creates a list from `(name, value)` pairs, in order, e.g.
    /// `["Content-Type": "text/plain"]` (duplicate names are kept).
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the field named `name` (any case), or `nil`.
    /// Setting replaces every field of that name with one (at the first one's
    /// position, or at the end); setting `nil` removes them all.
    /// - Complexity: O(n) in the number of fields.
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesEqual($0.name, name) }?.value }
        set {
            if let newValue { replaceOrAdd(name: name, value: newValue) } else { remove(name: name) }
        }
    }

    /// Every value of the field named `name` (any case), in order.
    /// - Parameter name: The field name.
    /// - Returns: The values; empty when absent.
    /// - Complexity: O(n).
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (any case) is present.
    /// - Complexity: O(n).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesEqual($0.name, name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public mutating func add(name: String, value: String) {
        reserveOnFirstField()
        fields.append(Field(name: name, value: value))
    }

    /// Room for a typical message's fields at the first one: a response carries
    /// about ten and a request several, and growing one field at a time cost
    /// an uncached page a dozen allocations (callgrind).
    private mutating func reserveOnFirstField() {
        if fields.capacity == 0 { fields.reserveCapacity(Self.typicalCount) }
    }

    /// The fields a list is made room for at its first (see ``add(name:value:)``).
    static let typicalCount = 12

    /// Replaces every field named `name` (any case) by one field with `value`,
    /// kept at the position of the first; appends when absent.
    /// - Complexity: O(n).
    public mutating func replaceOrAdd(name: String, value: String) {
        if let index = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) {
            fields[index] = Field(name: name, value: value)
            var next = index + 1
            while next < fields.count {
                if Self.namesEqual(fields[next].name, name) { fields.remove(at: next) } else { next += 1 }
            }
        } else {
            reserveOnFirstField()
            fields.append(Field(name: name, value: value))
        }
    }

    /// Removes every field named `name` (any case).
    /// - Complexity: O(n).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// Adds each field of `defaults` whose name is not present yet (so fields
    /// already here win over defaults).
    /// - Complexity: O(n × m).
    public mutating func addMissing(_ defaults: HTTPHeaders) {
        if !defaults.fields.isEmpty { fields.reserveCapacity(fields.count + defaults.fields.count) }
        for field in defaults.fields where !contains(field.name) {
            fields.append(field)
        }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive equality of two field names.
    static func namesEqual(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        // Over the contiguous bytes where both have them (a response's fields are
        // compared by name for every field it sets: a generic walk of both views was
        // most of that); the views otherwise.
        if let equal = x.withContiguousStorageIfAvailable({ x in y.withContiguousStorageIfAvailable { y in bytesEqual(x, y) } }),
            let equal
        {
            return equal
        }
        return bytesEqual(x, y)
    }

    /// Whether `x` and `y`, of the same length, are the same bytes but for ASCII letters' case.
    @inline(__always)
    private static func bytesEqual<C: Collection<UInt8>>(_ x: C, _ y: C) -> Bool {
        for (p, q) in zip(x, y) where p != q {
            let lp = (p >= 0x41 && p <= 0x5A) ? p | 0x20 : p
            let lq = (q >= 0x41 && q <= 0x5A) ? q | 0x20 : q
            if lp != lq { return false }
        }
        return true
    }
}
