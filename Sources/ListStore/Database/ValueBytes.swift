/// The bytes of a page's texts and blobs, one after the other (``RowValues``):
/// a buffer appended to with `memcpy`.
///
/// `[UInt8].append(contentsOf:)` cost about 95 instructions a text (callgrind: its
/// uniqueness, capacity and generic copying checks), about as much as the rest of
/// reading the value. ``RowValues`` copies this buffer before it changes one that
/// another copy of it shares (copy on write), so it is a value as an array is; it
/// is `Sendable` as such: a shared buffer is only read.
final class ValueBytes: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// The bytes written.
    private(set) var count = 0
    private var capacity: Int

    /// The buffer of values with no text or blob, shared (the first byte appended copies it).
    static let none = ValueBytes(capacity: 0)

    /// An empty buffer with room for `capacity` bytes (at least 64).
    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, in place.
    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// A buffer of the same bytes with room for `extra` more.
    func copy(reserving extra: Int = 0) -> ValueBytes {
        let copy = ValueBytes(capacity: count + extra)
        copy.append(buffer)
        return copy
    }

    /// Makes room for `total` bytes in all.
    @inline(__always)
    func reserve(_ total: Int) {
        if total > capacity { grow(total) }
    }

    private func grow(_ total: Int) {
        var newCapacity = capacity * 2
        while newCapacity < total { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        (base, capacity) = (newBase, newCapacity)
    }

    /// Appends `source`.
    @inline(__always)
    func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        reserve(count + source.count)
        (base + count).update(from: start, count: source.count)
        count += source.count
    }

    /// Keeps the first `count` bytes.
    func removeAll(from count: Int) {
        self.count = min(self.count, count)
    }
}
