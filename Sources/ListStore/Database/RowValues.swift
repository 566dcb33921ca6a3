/// Rows of the same number of values, kept row after row: a page's rows, or
/// their keys, without an array per row and without a `String` or array per value.
///
/// Each value is a cell of plain bytes: its storage class and either the number
/// itself or where its bytes are in one buffer of the page's texts and blobs. An
/// array per row was two of every five allocations of an uncached page (callgrind);
/// a `String` per text was one more allocation, a UTF-8 check and a reference
/// counted each time the value was copied (perf: reading a page outside SQLite's
/// `step` was about a seventh of an uncached catalogue page). A page's views read
/// the bytes in place (``withUnsafeValues(_:)``); a row read as a ``Row`` gives
/// each value as an ``SQLValue``, made when it is read.
///
/// Texts are kept as valid UTF-8: ``appendText(decoding:)`` replaces a byte
/// sequence that is not with U+FFFD, as `String(decoding:as:)` does, so a text reads
/// back as the `String` reading it from SQLite made before.
///
/// Equal when the rows are: two empty collections are equal whatever width
/// they were made for.
public struct RowValues: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The values, row after row.
    private(set) var cells: [Cell] = []
    /// The bytes of every text and blob, one after the other (copied before a
    /// change when another copy of these values shares them).
    private(set) var bytes = RowValues.noBytes
    /// The buffer of values with no text or blob, shared (the first byte appended copies it).
    private static let noBytes = ByteBuffer(capacity: 0)
    /// The number of values in a row: set by the first row appended (0 until then).
    public private(set) var width = 0
    /// The number of rows.
    public private(set) var count = 0

    /// One value as kept: its storage class and the number, or where its bytes are.
    @usableFromInline
    struct Cell: Sendable {
        @usableFromInline enum Kind: UInt8, Sendable { case null, integer, real, text, blob, textBytes }
        @usableFromInline let kind: Kind
        /// The length of a text or blob in bytes (a value is at most 2 GiB in
        /// SQLite, 1 GiB in PostgreSQL).
        @usableFromInline let length: UInt32
        /// An integer's or a real's bits, or where a text's or blob's bytes start in ``RowValues/bytes``.
        @usableFromInline let payload: UInt64

        static func number(_ kind: Kind, _ bits: UInt64) -> Cell { Cell(kind: kind, length: 0, payload: bits) }

        var holdsBytes: Bool { kind == .text || kind == .blob || kind == .textBytes }
    }

    /// No rows.
    public init() {}

    /// The rows of `rows`, which must all have the same number of values.
    public init(_ rows: [[SQLValue]]) {
        for row in rows { append(row) }
    }

    /// The rows of an array literal of rows (`[[.integer(1)], [.integer(2)]]`).
    public init(arrayLiteral rows: [SQLValue]...) {
        self.init(rows)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Row `index` (`0..<count`).
    public subscript(index: Int) -> Row {
        precondition(index >= 0 && index < count, "row index out of range")
        return Row(rows: self, start: index * width, count: width)
    }

    /// The value at `column` of row `row`.
    public subscript(row: Int, column: Int) -> SQLValue {
        precondition(row >= 0 && row < count && column >= 0 && column < width, "value index out of range")
        return value(at: row * width + column)
    }

    /// The value of cell `index` (`row * width + column`), made as an ``SQLValue``.
    private func value(at index: Int) -> SQLValue {
        withUnsafeValues { $0[index].value }
    }

    /// Makes room for `rows` rows of `width` values, and for `bytes` bytes of their texts and blobs.
    public mutating func reserveCapacity(rows: Int, width: Int, bytes: Int = 0) {
        cells.reserveCapacity(rows * width)
        guard bytes > 0 else { return }
        makeBytesUnique(reserving: bytes)
        self.bytes.reserve(bytes)
    }

    /// Appends a row. Every row has the width of the first.
    public mutating func append(_ row: some Collection<SQLValue>) {
        precondition(count == 0 || row.count == width, "a row of \(row.count) values among rows of \(width)")
        for value in row { appendValue(value) }
        if count == 0 { width = row.count }
        count += 1
    }

    /// Appends one value to the row being written: a row of `width` values is
    /// ``endRow(width:)`` after `width` of these (a page is read value by value).
    public mutating func appendValue(_ value: SQLValue) {
        switch value {
        case .null: appendNull()
        case .integer(let number): appendInteger(number)
        case .real(let number): appendReal(number)
        case .text(var text): text.withUTF8 { appendBytes($0, as: .text) }
        case .blob(let blob): blob.withUnsafeBufferPointer { appendBytes($0, as: .blob) }
        case .textBytes(let stored): stored.withUnsafeBufferPointer { appendBytes($0, as: .textBytes) }
        }
    }

    /// Appends NULL to the row being written.
    public mutating func appendNull() { cells.append(.number(.null, 0)) }

    /// Appends an integer to the row being written.
    public mutating func appendInteger(_ number: Int64) { cells.append(.number(.integer, UInt64(bitPattern: number))) }

    /// Appends a real to the row being written.
    public mutating func appendReal(_ number: Double) { cells.append(.number(.real, number.bitPattern)) }

    /// Appends a text given as UTF-8 to the row being written; a byte sequence that
    /// is not valid UTF-8 is read as U+FFFD (`String(decoding:as:)`'s repair). ASCII,
    /// most text, is checked eight bytes at a time and copied as it is.
    public mutating func appendText(decoding utf8: UnsafeBufferPointer<UInt8>) {
        guard !Self.isASCII(utf8) else { return appendBytes(utf8, as: .text) }
        appendValue(.text(String(decoding: utf8, as: UTF8.self)))
    }

    /// Appends a text the caller found to be ASCII (no check made) to the row being written.
    mutating func appendASCII(_ ascii: UnsafeBufferPointer<UInt8>) {
        appendBytes(ascii, as: .text)
    }

    /// Appends a text given as UTF-8 (read as ``appendText(decoding:)`` reads it) cut
    /// to its first `limit` Unicode scalars; whether it was cut (``RowPage/clamp(_:to:)``).
    ///
    /// Only the first `4 × (limit + 1)` bytes are read: `limit + 1` characters take
    /// at most that many (RFC 3629 §3), so what is kept is what reading the whole
    /// value would keep.
    public mutating func appendText(decoding utf8: UnsafeBufferPointer<UInt8>, clampedTo limit: Int) -> Bool {
        // A character is at least one byte (and a repaired sequence one U+FFFD): a
        // text of no more bytes than `limit` is whole.
        guard utf8.count > limit else {
            appendText(decoding: utf8)
            return false
        }
        let (most, overflow) = limit.addingReportingOverflow(1).partialValue.multipliedReportingOverflow(by: 4)
        let read = overflow ? utf8 : UnsafeBufferPointer(rebasing: utf8.prefix(most))
        if Self.isASCII(read) {
            appendBytes(UnsafeBufferPointer(rebasing: read.prefix(limit)), as: .text)
            return true
        }
        var value = SQLValue.text(String(decoding: read, as: UTF8.self))
        let clamped = RowPage.clamp(&value, to: limit)
        appendValue(value)
        return clamped
    }

    /// Appends a blob to the row being written.
    public mutating func appendBlob(_ blob: UnsafeRawBufferPointer) {
        appendBytes(blob.assumingMemoryBound(to: UInt8.self), as: .blob)
    }

    /// The bytes of the value appended last: a text's (as kept) or a blob's; 0 for another.
    var lastLength: Int { Int(cells.last?.length ?? 0) }

    private mutating func appendBytes(_ source: UnsafeBufferPointer<UInt8>, as kind: Cell.Kind) {
        precondition(source.count <= UInt32.max, "a value of more than 4 GiB")
        makeBytesUnique(reserving: source.count)
        cells.append(Cell(kind: kind, length: UInt32(source.count), payload: UInt64(bytes.count)))
        bytes.append(source)
    }

    /// Copies ``bytes`` (with room for `extra` more) when another copy of these values
    /// shares them. (Returns nothing: a returned buffer was retained and released for every value appended.)
    private mutating func makeBytesUnique(reserving extra: Int = 0) {
        if !isKnownUniquelyReferenced(&bytes) { bytes = bytes.copy(reserving: extra) }
    }

    /// Ends the row whose `width` values were just appended with ``appendValue(_:)``.
    public mutating func endRow(width: Int) {
        precondition(count == 0 || width == self.width, "a row of \(width) values among rows of \(self.width)")
        precondition(cells.count == (count + 1) * width, "a row ended without its values")
        self.width = width
        count += 1
    }

    /// Appends the rows of `other`, which have this width (or there are none on either side).
    public mutating func append(contentsOf other: RowValues) {
        guard !other.isEmpty else { return }
        // Most pages are read into an empty one: share the values rather than copy each.
        if count == 0 {
            self = other
            return
        }
        precondition(other.width == width, "rows of \(other.width) values among rows of \(width)")
        let offset = UInt64(bytes.count)
        makeBytesUnique(reserving: other.bytes.count)
        bytes.append(other.bytes.buffer)
        cells.reserveCapacity(cells.count + other.cells.count)
        for cell in other.cells {
            cells.append(cell.holdsBytes ? Cell(kind: cell.kind, length: cell.length, payload: cell.payload + offset) : cell)
        }
        count += other.count
    }

    /// Keeps the first `rows` rows.
    public mutating func removeRows(from rows: Int) {
        guard rows < count else { return }
        let removed = (rows * width)...
        // Bytes are kept in the order of their cells: the first removed cell that has some starts what goes.
        if let first = cells[removed].first(where: \.holdsBytes) {
            makeBytesUnique()
            bytes.removeAll(from: Int(first.payload))
        }
        cells.removeSubrange(removed)
        count = rows
    }

    /// Whether every byte of `bytes` is below 0x80, 32 at a time, then eight (one word at
    /// a time, the check was 3 % of a Debian-shaped page's instructions: callgrind).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var seen: UInt64 = 0
        let raw = UnsafeRawPointer(base)
        while index + 32 <= bytes.count {
            seen |=
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
            index += 32
        }
        while index + 8 <= bytes.count {
            seen |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(base[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    public static func == (a: RowValues, b: RowValues) -> Bool {
        a.count == b.count && (a.count == 0 || (a.width == b.width && a.elementsEqual(b)))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        if count > 0 {
            hasher.combine(width)
            for row in self { hasher.combine(row) }
        }
    }

    /// One row's values, each made as an ``SQLValue`` when it is read.
    public struct Row: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
        private let rows: RowValues
        private let start: Int
        /// The number of values.
        public let count: Int

        init(rows: RowValues, start: Int, count: Int) {
            (self.rows, self.start, self.count) = (rows, start, count)
        }

        /// A row of the values of an array literal.
        public init(arrayLiteral values: SQLValue...) {
            self.init(rows: RowValues([values]), start: 0, count: values.count)
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        /// Value `index` (`0..<count`).
        public subscript(index: Int) -> SQLValue {
            precondition(index >= 0 && index < count, "value index out of range")
            return rows.value(at: start + index)
        }

        public static func == (a: Row, b: Row) -> Bool { a.elementsEqual(b) }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for value in self { hasher.combine(value) }
        }
    }
}
