// MustacheOutput: the one growing byte buffer a render writes into.

/// The output of one render: a growable byte buffer with `memcpy` appends, which a
/// ``MustacheObject`` may also write its fields into directly
/// (``MustacheObject/interpolate(_:escaped:into:)``).
///
/// `[UInt8].append(contentsOf:)` checks uniqueness and goes through generic copying on
/// every call; a render makes thousands of small appends, so it writes here and hands
/// the bytes over once at the end. Not copyable and not `Sendable`: one render, one
/// thread, passed `inout`.
///
/// Everything written is UTF-8. The `escaped:` appends apply ``HTMLEscaping`` (what
/// `{{name}}` does); the others copy bytes as they are (what `{{{name}}}` does), so
/// an object must only write unescaped what the template asked unescaped, or what
/// is known to hold none of the escaped characters (digits, fixed ASCII words).
public struct MustacheOutput: ~Copyable {
    // Stored properties and the small appends are `@usableFromInline`/`@inlinable`
    // so an object's field writer in another module can inline them instead of
    // calling across the module boundary for each few bytes.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var length = 0
    @usableFromInline var capacity: Int
    /// Whether `base` was allocated here (freed here); false while the output is
    /// written into a buffer it was lent (``init(inPlace:)``).
    @usableFromInline var ownsBase: Bool

    /// Bytes written so far.
    public var count: Int { length }

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
        ownsBase = true
    }

    /// An output written into `buffer` (not empty) until it is full, then into a
    /// buffer of its own (``isInPlace`` false from then on): a render into the storage
    /// of the array it returns.
    init(inPlace buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(!buffer.isEmpty, "an in-place output needs room")
        base = buffer.baseAddress!
        capacity = buffer.count
        ownsBase = false
    }

    /// Whether everything written is still in the buffer given to ``init(inPlace:)``.
    var isInPlace: Bool { !ownsBase }

    deinit { if ownsBase { base.deallocate() } }

    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if length + extra > capacity { grow(length + extra) }
    }

    @usableFromInline
    mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: length)
        if ownsBase { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsBase = true
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[length] = byte
        length += 1
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let extra = bytes.count
        reserve(extra)
        let destination = base + length
        if extra <= 64 {
            // Short runs are the common case (text between tags, a field): whole
            // words, the last one overlapping the one before, beat a call into memcpy.
            if extra >= 8 {
                var index = 0
                while index + 8 <= extra {
                    UnsafeMutableRawPointer(destination + index)
                        .storeBytes(of: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self), as: UInt64.self)
                    index += 8
                }
                let last = extra - 8
                UnsafeMutableRawPointer(destination + last)
                    .storeBytes(of: UnsafeRawPointer(source + last).loadUnaligned(as: UInt64.self), as: UInt64.self)
            } else {
                var index = 0
                while index < extra {
                    destination[index] = source[index]
                    index += 1
                }
            }
        } else {
            destination.update(from: source, count: extra)
        }
        length += extra
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inlinable @inline(__always)
    mutating func append(_ string: StaticString) {
        append(UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    /// Appends `bytes` HTML-escaped (see ``HTMLEscaping``).
    ///
    /// Reserves the worst case (every byte six) once, then writes through a pointer.
    /// Eight bytes at a time: a word with no candidate byte is stored whole; otherwise
    /// the bytes before the first candidate are stored with one (overlapping) word
    /// store and the candidate is checked exactly. Candidates are `"`, `&`, `'`,
    /// `<`, `=`, `>`, `?` (a cheap false positive) and the backtick.
    @usableFromInline
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        let extra = bytes.count
        guard extra > 0, let source = bytes.baseAddress else { return }
        reserve(extra * 6 + 8)
        var destination = base + length
        var index = 0
        while index + 8 <= extra {
            let raw = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            let mask = HTMLEscaping.candidates(UInt64(littleEndian: raw))
            if mask == 0 {
                UnsafeMutableRawPointer(destination).storeBytes(of: raw, as: UInt64.self)
                destination += 8
                index += 8
                continue
            }
            let offset = mask.trailingZeroBitCount >> 3
            UnsafeMutableRawPointer(destination).storeBytes(of: raw, as: UInt64.self)
            destination += offset
            index += offset
            destination = MustacheOutput.writeEscaped(source[index], at: destination)
            index += 1
        }
        while index < extra {
            destination = MustacheOutput.writeEscaped(source[index], at: destination)
            index += 1
        }
        length = destination - base
    }

    /// Writes one byte at `destination`, or its entity when it needs escaping
    /// (``HTMLEscaping/needsEscaping(_:)``: a constant mask, no table to load);
    /// returns the position after what was written.
    @inline(__always)
    static func writeEscaped(_ byte: UInt8, at destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard HTMLEscaping.needsEscaping(byte) else {
            destination.pointee = byte
            return destination + 1
        }
        return writeEntity(byte, at: destination)
    }

    /// Writes the entity of an escaped byte at `destination` with one 8-byte store
    /// (the buffer has room: see the reservation in `appendEscaped`); returns the end.
    @inline(__always)
    static func writeEntity(_ byte: UInt8, at destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        // The entities' UTF-8, packed little-endian (checked against
        // `HTMLEscaping.entity` by the escaping tests).
        let word: UInt64
        let length: Int
        switch byte {
        case 0x26: (word, length) = (0x0000_003B_706D_6126, 5)  // &amp;
        case 0x3C: (word, length) = (0x0000_0000_3B74_6C26, 4)  // &lt;
        case 0x3E: (word, length) = (0x0000_0000_3B74_6726, 4)  // &gt;
        case 0x22: (word, length) = (0x0000_3B74_6F75_7126, 6)  // &quot;
        case 0x27: (word, length) = (0x0000_003B_3933_2326, 5)  // &#39;
        case 0x60: (word, length) = (0x0000_003B_3639_2326, 5)  // &#96;
        default: (word, length) = (0x0000_003B_3136_2326, 5)  // &#61;
        }
        UnsafeMutableRawPointer(destination).storeBytes(of: word.littleEndian, as: UInt64.self)
        return destination + length
    }

    /// The bytes written so far (valid until the next append).
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: length) }
}

// MARK: - What objects write

extension MustacheOutput {
    /// What `body` writes into a fresh output, as a `String` (for a
    /// ``MustacheObject`` that writes its fields and also needs them as values).
    public static func string(_ body: (inout MustacheOutput) -> Void) -> String {
        var output = MustacheOutput(capacity: 64)
        body(&output)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Appends `bytes` (UTF-8) as they are, or HTML-escaped when `escaped`.
    @inlinable @inline(__always)
    public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) {
        if escaped { appendEscaped(bytes) } else { append(bytes) }
    }

    /// Appends `bytes` as they are: UTF-8 already HTML-escaped, or markup (text
    /// escaped once and written on every row, for example).
    @inlinable @inline(__always)
    public mutating func append(html bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
    }

    /// Appends `string`'s UTF-8 as it is, or HTML-escaped when `escaped`.
    @inlinable @inline(__always)
    public mutating func append(_ string: String, escaped: Bool) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { append(utf8: $0, escaped: escaped) }
        if done == nil {
            var string = string
            string.withUTF8 { append(utf8: $0, escaped: escaped) }
        }
    }

    /// Appends fixed ASCII or UTF-8 text as it is (no escaping: for template-like
    /// fixed text such as `char-` or `U+`, never for data).
    @inlinable @inline(__always)
    public mutating func append(literal text: StaticString) {
        append(text)
    }

    /// Appends one Unicode scalar's UTF-8, HTML-escaped when `escaped` (so `<` as a
    /// character prints `&lt;`).
    public mutating func append(_ scalar: Unicode.Scalar, escaped: Bool) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(truncatingIfNeeded: value)
            if escaped && HTMLEscaping.needsEscaping(byte) {
                reserve(8)
                length = MustacheOutput.writeEntity(byte, at: base + length) - base
            } else {
                append(byte)
            }
            return
        }
        // Only ASCII is ever escaped; longer sequences are copied (RFC 3629 §3).
        reserve(4)
        let destination = base + length
        if value < 0x800 {
            destination[0] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            destination[1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            length += 2
        } else if value < 0x1_0000 {
            destination[0] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
            destination[1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            destination[2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            length += 3
        } else {
            destination[0] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            destination[1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
            destination[2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
            destination[3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            length += 4
        }
    }

    /// Appends what `{{x}}` (`escaped` true) or `{{{x}}}` prints for `value`: text,
    /// digits, `true`/`false`; nothing for `null`, lists, dictionaries and objects
    /// (see ``MustacheValue``).
    public mutating func append(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .string(let string):
            append(string, escaped: escaped)
        case .int(let number):
            if number >= 0 && number < 10 {
                append(UInt8(ascii: "0") &+ UInt8(number))
            } else {
                NumberFormatting.append(number, to: &self)
            }
        case .double(let number):
            NumberFormatting.append(number, to: &self)
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .null, .array, .dictionary, .object, .list, .listElement:
            break
        }
    }

    /// Appends `number`'s decimal digits (`-` first when negative), as `{{x}}` prints an integer.
    public mutating func append(decimal number: Int) {
        NumberFormatting.append(number, to: &self)
    }

    /// Appends `value` in hexadecimal, zero-padded to `minimumDigits` (1...8)
    /// (`append(hex: 0x2603, minimumDigits: 4, uppercase: true)` writes `2603`).
    ///
    /// All eight digits are made at once in one word: the nibbles spread one to a
    /// byte, each byte turned into its digit with the same additions, and the word
    /// stored whole, its last `digits` bytes first (a digit at a time, the 50-row
    /// render of four code points a row took 1.8 K instructions more: callgrind).
    @inlinable @inline(__always)
    public mutating func append(hex value: UInt32, minimumDigits: Int = 1, uppercase: Bool) {
        let significant = max(1, (32 - value.leadingZeroBitCount + 3) >> 2)
        let digits = max(significant, min(8, minimumDigits))
        // Nibble i of `value` in byte i, then byte-swapped: the first digit in the lowest byte.
        var word = UInt64(value)
        word = (word | word << 16) & 0x0000_FFFF_0000_FFFF
        word = (word | word << 8) & 0x00FF_00FF_00FF_00FF
        word = (word | word << 4) & 0x0F0F_0F0F_0F0F_0F0F
        word = word.byteSwapped
        // 0x01 in each byte whose nibble is 10 or more (adding 6 carries into bit 4).
        let letters = ((word &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        // '0' plus the nibble, and the gap from '9' + 1 to 'A' (7) or to 'a' (39) for a letter.
        word = word &+ 0x3030_3030_3030_3030 &+ letters &* (uppercase ? 7 : 39)
        reserve(8)
        UnsafeMutableRawPointer(base + length).storeBytes(of: (word >> UInt64(64 - 8 * digits)).littleEndian, as: UInt64.self)
        length += digits
    }
}
