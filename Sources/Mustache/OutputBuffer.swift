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
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
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
    @inline(__always)
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0, let source = bytes.baseAddress else { return }
        var runStart = 0
        var index = 0
        while index < count {
            let byte = source[index]
            if HTMLEscaping.needsEscaping(byte) {
                if runStart < index {
                    append(UnsafeBufferPointer(start: source + runStart, count: index - runStart))
                }
                append(HTMLEscaping.entity(byte))
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count {
            append(UnsafeBufferPointer(start: source + runStart, count: count - runStart))
        }
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
