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
    /// Reserves the worst case (every byte six) once, then writes through a pointer:
    /// no capacity check and no call per byte.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        reserve(length * 6)
        let table = HTMLEscaping.table
        var destination = base + count
        var index = 0
        while index < length {
            let byte = source[index]
            index += 1
            if table[Int(byte)] == 0 {
                destination.pointee = byte
                destination += 1
                continue
            }
            let entity = HTMLEscaping.entity(byte)
            let entityBytes = entity.utf8Start
            for offset in 0..<entity.utf8CodeUnitCount {
                destination[offset] = entityBytes[offset]
            }
            destination += entity.utf8CodeUnitCount
        }
        count = destination - base
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }
}
