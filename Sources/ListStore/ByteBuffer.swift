#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes one after another in one growing buffer, appended with `memcpy` and read
/// back by range without retaining anything: a page's texts and blobs
/// (``RowValues``) and the texts a list's view keeps for its rows and cells
/// (ListState's `TableRowList`, a list's own rows).
///
/// `[UInt8].append(contentsOf:)` of a short text cost about 95 instructions
/// (callgrind: its uniqueness, capacity and generic copying checks), about as much
/// as the rest of reading a value, and twice what a view's loop spent on the text.
/// A buffer is a reference: ``RowValues`` copies it before it changes one another
/// copy of the values shares (copy on write), so those stay values as arrays are.
/// `@unchecked Sendable`: a buffer is written by the one thread that fills it, and
/// only read once it is shared.
///
/// The small appends are `@inlinable`: the views in ListState call them for every
/// value of every row, where a call across the module for a few bytes cost more
/// than the copy. They are `public`, not `package`: this toolchain (Swift 6.3) did
/// not inline `@inlinable package` members in another module, and a table's 20-row
/// render cost 352.5 K instructions where it costs 346.1 K (callgrind). The buffer's
/// state sits behind a pointer the class holds as a constant: stored `var`s that
/// code inlined in other modules changes are checked for exclusive access at run
/// time (`swift_beginAccess`), which made the 50-row page's render cost 45 % more.
public final class ByteBuffer: @unchecked Sendable {
    /// Where the bytes are, how many fit and how many are written.
    @usableFromInline
    struct State {
        @usableFromInline var base: UnsafeMutablePointer<UInt8>
        @usableFromInline var capacity: Int
        @usableFromInline var length: Int

        @usableFromInline
        init(base: UnsafeMutablePointer<UInt8>, capacity: Int, length: Int) {
            (self.base, self.capacity, self.length) = (base, capacity, length)
        }
    }

    @usableFromInline let state: UnsafeMutablePointer<State>

    /// An empty buffer with room for `capacity` bytes (at least 16; it grows past them as needed).
    public init(capacity: Int) {
        let capacity = max(16, capacity)
        state = .allocate(capacity: 1)
        // malloc's, so that growing reallocs it (``grow(_:)``).
        let base = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        state.initialize(to: State(base: base, capacity: capacity, length: 0))
    }

    deinit {
        free(state.pointee.base)
        state.deallocate()
    }

    /// The bytes written so far.
    @inlinable public var count: Int { state.pointee.length }

    /// Every byte written, in place (valid while this buffer lives and is not appended to).
    @inlinable public var buffer: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: state.pointee.base, count: state.pointee.length)
    }

    /// The bytes at `range` (within `0..<count`), in place (see ``buffer``).
    @inlinable @inline(__always)
    public subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= state.pointee.length, "range out of the buffer")
        return UnsafeBufferPointer(start: state.pointee.base + range.lowerBound, count: range.count)
    }

    /// The text at `range`, bytes that are not UTF-8 read as U+FFFD.
    public func string(_ range: Range<Int>) -> String {
        String(decoding: self[range], as: UTF8.self)
    }

    /// A buffer of the same bytes with room for `extra` more.
    public func copy(reserving extra: Int = 0) -> ByteBuffer {
        let copy = ByteBuffer(capacity: count + extra)
        copy.append(buffer)
        return copy
    }

    /// Makes room for `extra` more bytes, doubling the buffer (at least) when it is full.
    @inlinable @inline(__always)
    public func reserve(_ extra: Int) {
        if state.pointee.length + extra > state.pointee.capacity { grow(state.pointee.length + extra) }
    }

    @usableFromInline
    func grow(_ total: Int) {
        var newCapacity = state.pointee.capacity * 2
        while newCapacity < total { newCapacity *= 2 }
        // realloc grows the block in place where the heap has room after it: copied to a new
        // one each time, a page of long texts copied its 30 KB of texts again (callgrind).
        guard let newBase = realloc(state.pointee.base, newCapacity) else { fatalError("out of memory for \(newCapacity) bytes") }
        (state.pointee.base, state.pointee.capacity) = (newBase.assumingMemoryBound(to: UInt8.self), newCapacity)
    }

    /// Appends `source`.
    @inlinable @inline(__always)
    public func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (state.pointee.base + state.pointee.length).update(from: start, count: source.count)
        state.pointee.length += source.count
    }

    /// Appends one byte.
    @inlinable
    public func append(_ byte: UInt8) {
        reserve(1)
        state.pointee.base[state.pointee.length] = byte
        state.pointee.length += 1
    }

    /// Appends `text`'s UTF-8.
    @inlinable @inline(__always)
    public func append(_ text: String) {
        // A native string's bytes in place; a copy only for one that has none.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `number`'s decimal digits, `-` first when it is negative (what
    /// `{{x}}` prints for an integer: `-9223372036854775808` for `Int64.min`).
    @inlinable
    public func append(decimal number: Int64) {
        reserve(20)  // 19 digits and a sign
        let base = state.pointee.base
        var length = state.pointee.length
        if number < 0 {
            base[length] = UInt8(ascii: "-")
            length += 1
        }
        var magnitude = number.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var index = length + digits - 1
        repeat {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude != 0
        state.pointee.length = length + digits
    }

    /// Keeps the first `count` bytes.
    public func removeAll(from count: Int) {
        state.pointee.length = min(state.pointee.length, count)
    }
}
