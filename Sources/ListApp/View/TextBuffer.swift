/// UTF-8 texts one after another in one growing buffer, read back by byte
/// range without retaining anything (``RowList`` keeps a page's texts here).
///
/// Appending costs a bounds check and a `memcpy`; `Array.append(contentsOf:)`
/// of the same bytes cost twice as many instructions a text, in a loop that runs
/// for every text of every row (callgrind). Written only while a list is being
/// made, by the one thread that makes it, and read only after: hence
/// `@unchecked Sendable`.
final class TextBuffer: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    /// A buffer for about `capacity` bytes (it grows past them as needed).
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends one byte.
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `text`'s UTF-8.
    func append(_ text: String) {
        // A native string's bytes in place; a copy only for one that has none.
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `text` when it is at most `maximumBytes` bytes of printable ASCII
    /// (``VisibleText/isPrintableASCII(_:)-(UnsafeBufferPointer<UInt8>)``): what a
    /// cell shows of most texts as they are, checked and copied in one visit of
    /// its bytes. Returns false, appending nothing, for any other text.
    func appendIfPrintableASCII(_ text: String, maximumBytes: Int) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { appendIfPrintableASCII($0, maximumBytes: maximumBytes) } ?? false
    }

    /// Appends `bytes` when they are at most `maximumBytes` of printable ASCII (see
    /// ``appendIfPrintableASCII(_:maximumBytes:)-(String,_)``); returns whether it did.
    func appendIfPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, maximumBytes: Int) -> Bool {
        guard bytes.count <= maximumBytes, VisibleText.isPrintableASCII(bytes) else { return false }
        append(bytes)
        return true
    }

    /// Appends `number`'s decimal digits, `-` first when it is negative (what
    /// `{{x}}` prints for an integer: `-9223372036854775808` for `Int64.min`).
    func append(decimal number: Int64) {
        reserve(20)  // 19 digits and a sign
        if number < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = number.magnitude
        var digits = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        var index = count + digits - 1
        repeat {
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude != 0
        count += digits
    }

    /// The bytes at `range` (within `0..<count`), valid while this buffer lives.
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of the buffer")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The text at `range`, invalid UTF-8 repaired (it holds none: only whole texts are appended).
    func string(_ range: Range<Int>) -> String {
        String(decoding: self[range], as: UTF8.self)
    }

    /// Makes room for `extra` more bytes, doubling the buffer when it is full.
    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.update(from: base, count: count)
        base.deallocate()
        base = new
        capacity = grown
    }
}
