// MustacheFields: the named fields of a dictionary value, found by a hash the
// templates compute once.

import Foundation

/// The named fields of a ``MustacheValue/dictionary(_:)`` value: a small map from
/// names to values that keeps the order fields were added in.
///
/// Written like a Swift dictionary (`["title": "Rows", "count": 3]`, `fields["x"] = v`,
/// `fields["x"]`), but a template finds a field without hashing its name: each tag
/// name's hash is computed once when the template is compiled, and a lookup compares
/// hashes, then names. With `Dictionary` every lookup ran SipHash over the name (it
/// was about a third of a page's layout: callgrind, BENCHMARKS.md). The hash
/// (``hash(_:)``) is unkeyed: names come from templates and the server's own code, and
/// a collision costs one more name comparison, never a wrong answer.
///
/// Up to ``linearLimit`` fields are searched in order; larger maps keep an
/// open-addressing index (power-of-two size, at most half full).
public struct MustacheFields: Sendable {
    /// One field.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let name: String
        @usableFromInline let hash: UInt32
        @usableFromInline var value: MustacheValue
    }

    /// The fields, in the order they were added.
    @usableFromInline var entries: [Entry] = []
    /// For more than `linearLimit` fields: `entries` positions by `hash & mask`, -1 empty.
    @usableFromInline var slots: [Int32] = []

    /// Fields searched in order before an index is kept.
    public static let linearLimit = 8

    /// No fields.
    public init() {}

    /// The fields of `dictionary` (in the dictionary's order, which Swift leaves unspecified).
    public init(_ dictionary: [String: MustacheValue]) {
        entries.reserveCapacity(dictionary.count)
        for (name, value) in dictionary { self[name] = value }
    }

    /// Fields in `count`.
    public var count: Int { entries.count }

    /// Whether there is no field.
    public var isEmpty: Bool { entries.isEmpty }

    /// The names, in the order they were added.
    public var names: [String] { entries.map(\.name) }

    /// The hash of a name as lookups compute it: FNV-1a's prime over the name's UTF-8
    /// taken eight bytes at a time, folded to 32 bits.
    ///
    /// Names match as Swift strings do, by canonical equivalence (Unicode §3.7): `é`
    /// as U+00E9 and as `e` + U+0301 are one name, in templates (the compiler's name
    /// table), in JSON objects (Foundation's) and here. So a name with a non-ASCII
    /// byte is hashed in its NFC form, which canonically equivalent names share
    /// (UAX #15); ASCII is its own NFC (found by QA: `{{é}}` missed a key written
    /// `e\u{301}`, which `Dictionary` had found).
    public static func hash(_ name: String) -> UInt32 {
        let (hash, isASCII) = hashBytes(name)
        return isASCII ? hash : hashBytes(name.precomposedStringWithCanonicalMapping).hash
    }

    /// ``hash(_:)`` over `name`'s UTF-8 as it is, and whether every byte was ASCII
    /// (seen in the same pass: the high bits of the words read).
    private static func hashBytes(_ name: String) -> (hash: UInt32, isASCII: Bool) {
        var name = name
        return name.withUTF8 { bytes in
            let prime: UInt64 = 0x0000_0100_0000_01B3
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            guard let base = bytes.baseAddress else { return (UInt32(truncatingIfNeeded: hash), true) }
            let raw = UnsafeRawPointer(base)
            var highBits: UInt64 = 0
            var index = 0
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                highBits |= word
                hash = (hash ^ word) &* prime
                hash ^= hash >> 29
                index += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            highBits |= tail
            hash = (hash ^ tail) &* prime
            return (UInt32(truncatingIfNeeded: hash ^ hash >> 32), highBits & 0x8080_8080_8080_8080 == 0)
        }
    }

    /// Makes room for `capacity` fields without reallocating.
    public mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// The value of field `name`, nil when there is none; setting nil removes it.
    /// - Complexity: O(1) on average; O(n) to remove.
    public subscript(name: String) -> MustacheValue? {
        get { value(forName: name, hash: Self.hash(name)) }
        set {
            let hash = Self.hash(name)
            if let position = position(of: name, hash: hash) {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    rebuildSlots()
                }
            } else if let newValue {
                entries.append(Entry(name: name, hash: hash, value: newValue))
                if entries.count > Self.linearLimit {
                    if slots.count < entries.count * 2 {
                        rebuildSlots()
                    } else {
                        insertSlot(entries.count - 1)
                    }
                }
            }
        }
    }

    /// The value of field `name` whose hash (``hash(_:)``) is `hash`.
    @inlinable
    func value(forName name: String, hash: UInt32) -> MustacheValue? {
        guard let position = position(of: name, hash: hash) else { return nil }
        return entries[position].value
    }

    /// Where field `name` is in `entries`.
    @usableFromInline
    func position(of name: String, hash: UInt32) -> Int? {
        if slots.isEmpty {
            for position in entries.indices where entries[position].hash == hash && entries[position].name == name {
                return position
            }
            return nil
        }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if entries[position].hash == hash && entries[position].name == name { return position }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insertSlot(_ position: Int) {
        let mask = slots.count - 1
        var slot = Int(entries[position].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }

    private mutating func rebuildSlots() {
        guard entries.count > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        for position in entries.indices { insertSlot(position) }
    }
}

extension MustacheFields: ExpressibleByDictionaryLiteral {
    /// Fields from a literal, in its order; a repeated name keeps the last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        entries.reserveCapacity(elements.count)
        for (name, value) in elements { self[name] = value }
    }
}

extension MustacheFields: Sequence {
    /// The fields as `(name, value)` pairs, in the order they were added.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: MustacheValue)> {
        entries.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
    }
}
