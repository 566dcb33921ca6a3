// OutputBuffer: the one growing byte buffer a render writes into.

/// A growable byte buffer with `memcpy` appends, used for the output of one render.
///
/// `[UInt8].append(contentsOf:)` checks uniqueness and goes through generic copying on
/// every call; a render makes thousands of small appends, so it writes here and hands
/// the bytes over once at the end. Not `Sendable`: one render, one thread.
struct OutputBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        reserve(length)
        let destination = base + count
        if length <= 16 {
            // Short runs are the common case (text between tags); a byte loop beats a
            // call into memcpy for them.
            var index = 0
            while index < length {
                destination[index] = source[index]
                index += 1
            }
        } else {
            destination.update(from: source, count: length)
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
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
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        reserve(length * 6 + 8)
        let table = HTMLEscaping.table
        var destination = base + count
        var index = 0
        while index + 8 <= length {
            let raw = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
            let mask = OutputBuffer.candidates(UInt64(littleEndian: raw))
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
            destination = OutputBuffer.writeEscaped(source[index], at: destination, table: table)
            index += 1
        }
        while index < length {
            destination = OutputBuffer.writeEscaped(source[index], at: destination, table: table)
            index += 1
        }
        count = destination - base
    }

    /// Writes one byte at `destination`, or its entity when `table` marks it
    /// for escaping; returns the position after what was written.
    @inline(__always)
    static func writeEscaped(_ byte: UInt8, at destination: UnsafeMutablePointer<UInt8>,
                             table: UnsafePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard table[Int(byte)] != 0 else {
            destination.pointee = byte
            return destination + 1
        }
        return writeEntity(byte, at: destination)
    }

    /// A word with the high bit set in (at least) the lowest byte of `word` that may
    /// need escaping; 0 when no byte can. Exact for the lowest flagged byte's
    /// position (bits above it may be false positives, never below).
    @inline(__always)
    static func candidates(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        return zeroBytes((word & 0xFCFC_FCFC_FCFC_FCFC) ^ 0x3C3C_3C3C_3C3C_3C3C)  // < = > ?
            | zeroBytes((word & 0xFEFE_FEFE_FEFE_FEFE) ^ 0x2626_2626_2626_2626)  // & '
            | zeroBytes(word ^ 0x2222_2222_2222_2222)  // "
            | zeroBytes(word ^ 0x6060_6060_6060_6060)  // `
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

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
