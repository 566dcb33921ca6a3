extension RowValues {
    /// Calls `body` with the values in place (``UnsafeValues``): a page's view reads
    /// its texts' bytes there, with no `String` made and no reference counted per value.
    /// - Returns: What `body` returns.
    public func withUnsafeValues<Result>(_ body: (UnsafeValues) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(bytes) {
            try cells.withUnsafeBufferPointer { cells in
                try body(UnsafeValues(cells: cells, bytes: bytes.buffer, width: width))
            }
        }
    }

    /// The buffer the values' texts and blobs are in, which
    /// ``UnsafeValues/textRange(_:)`` ranges index: a view may keep it and read a
    /// page's texts there after ``withUnsafeValues(_:)`` returns. It is never changed
    /// while another reference holds it (a change to these values copies it first).
    public var textBuffer: ByteBuffer { bytes }

    /// The values of a ``RowValues`` read in place, valid only inside
    /// ``RowValues/withUnsafeValues(_:)``: value `row * width + column` is row
    /// `row`'s value at `column`.
    public struct UnsafeValues {
        // Inlinable reads (a page's view reads a few values of every row): the
        // cells and bytes are visible to the modules that inline them.
        @usableFromInline let cells: UnsafeBufferPointer<Cell>
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        /// The number of values in a row.
        public let width: Int

        /// Value `index` (`row * width + column`).
        @inlinable @inline(__always)
        public subscript(index: Int) -> Value {
            let cell = cells[index]
            switch cell.kind {
            case .null: return .null
            case .integer: return .integer(Int64(bitPattern: cell.payload))
            case .real: return .real(Double(bitPattern: cell.payload))
            case .text: return .text(bytes(of: cell))
            case .blob: return .blob(bytes(of: cell))
            case .textBytes: return .textBytes(bytes(of: cell))
            }
        }

        @inlinable @inline(__always)
        func bytes(of cell: Cell) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(cell.payload)..<Int(cell.payload) + Int(cell.length)])
        }

        /// Where value `index`'s bytes are in ``RowValues/textBuffer`` when it is a
        /// text (valid UTF-8); nil for any other value.
        @inlinable @inline(__always)
        public func textRange(_ index: Int) -> Range<Int>? {
            let cell = cells[index]
            guard cell.kind == .text else { return nil }
            return Int(cell.payload)..<Int(cell.payload) + Int(cell.length)
        }

        /// Row `index`'s values, each made as an ``SQLValue`` when it is read (a
        /// caption or a link reads one or two of a row; a text's `String` is made
        /// only for those).
        public func row(_ index: Int) -> Row { Row(values: self, start: index * width) }

        /// One row of ``UnsafeValues``, valid as long as they are.
        public struct Row: RandomAccessCollection {
            let values: UnsafeValues
            let start: Int

            public var startIndex: Int { 0 }
            public var endIndex: Int { values.width }

            /// Value `index` (`0..<width`) as an ``SQLValue``.
            public subscript(index: Int) -> SQLValue { values[start + index].value }

            /// Value `index` (`0..<width`) in place.
            public func inPlace(_ index: Int) -> Value { values[start + index] }
        }
    }

    /// One value of a page in place: a text's (valid UTF-8) or a blob's bytes are
    /// the page's, valid only inside ``RowValues/withUnsafeValues(_:)``.
    public enum Value {
        /// SQL NULL.
        case null
        /// A 64-bit integer.
        case integer(Int64)
        /// A double.
        case real(Double)
        /// Text: its UTF-8 bytes, without a terminating NUL.
        case text(UnsafeBufferPointer<UInt8>)
        /// A blob's bytes.
        case blob(UnsafeBufferPointer<UInt8>)
        /// Text whose stored bytes are not valid UTF-8 (``SQLValue/textBytes(_:)``: a key).
        case textBytes(UnsafeBufferPointer<UInt8>)

        /// The value as an ``SQLValue`` (a `String` or array made for a text or blob).
        public var value: SQLValue {
            switch self {
            case .null: .null
            case .integer(let number): .integer(number)
            case .real(let number): .real(number)
            case .text(let utf8): .text(String(decoding: utf8, as: UTF8.self))
            case .blob(let blob): .blob(Array(blob))
            case .textBytes(let stored): .textBytes(Array(stored))
            }
        }
    }
}
