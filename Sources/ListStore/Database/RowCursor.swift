/// An opaque keyset cursor over any list: "the rows after this one" in the
/// list's order (docs/design.md, "Lists over any data").
///
/// Bytes, then unpadded base64url (RFC 4648 §5):
/// - a format version (2) and a form (0 = by value, 1 = by rowid);
/// - a 32-bit tag of the list's name and sort (FNV-1a), so a cursor made for
///   another list or another sort is refused, never misread;
/// - form 0: the sort value (when the list is sorted) and each key value,
///   each as its storage class (one byte) and payload: 8 bytes big-endian
///   for an integer or a real's bits, a length (LEB128) and the bytes for
///   text and blobs, nothing for NULL; then ``RowPosition/repeats`` (LEB128);
/// - form 1: the last row's rowid (8 bytes), for a row whose values would
///   make the cursor longer than ``maximumLength``: the next page looks the
///   values up by rowid;
/// - form 2: the last row's key values alone, without the sort value, for a
///   list with no rowid whose key tells rows apart (a `WITHOUT ROWID` table,
///   a view with a configured key) when the sort value would make the cursor
///   longer than ``maximumLength``: the next page looks the sort value up by key
///   (found by QA: a `WITHOUT ROWID` table sorted by 35 KB texts made 30 KB
///   cursors that no request line could carry);
/// - form 3: form 0, then the last row's number in the list's order
///   (``RowPosition/rowNumber``, LEB128), for a list whose key does not tell
///   rows apart (a view without a configured key, paged by all its columns):
///   its cursors count the rows shown, so that
/// - form 4: the last row's number and its ``RowPosition/repeats`` (LEB128
///   each) and a digest of its values (``RowPosition/digest``, 8 bytes) can
///   stand for a row whose values would make the cursor longer than
///   ``maximumLength``: the next page looks that row up near its number
///   (`OFFSET`) and knows it by its digest (``RowNumber``; found using it: a
///   view of 36 KB texts made 48 KB Load more addresses, refused before they
///   reached the server's code); so can it for a list whose key tells rows
///   apart but is too long alone (a `WITHOUT ROWID` table of long text keys),
///   its number counted where the server needs it (`TableRoute`);
/// - form 5: a source's own continuation (``Start/continuation(_:)``): its length
///   (LEB128) and bytes, for a source that pages by its own cursor (an upstream API);
/// - form 6: a position in relevance order (``RowPageQuery/ordersByRelevance``): the
///   digest of the data version it was made at (``orderVersion``, 8 bytes), then form 0's
///   values, the sort value being the row's relevance (a real). Its tag is of the list
///   and relevance, never of a sort or key order;
/// - form 7: form 6, then the row's rowid (8 bytes), for relevance ranked on the full-text
///   side (``RowPageQuery/rankCut``), whose ties the rowid breaks (``RowPosition/rowid``).
/// A view's cursor made by an earlier version (form 0, no row number) still
/// carries its values whatever their length, up to ``maximumReadLength``.
///
/// Decoding is strict: text that does not re-encode to itself, a tag of
/// another list or sort, or values of the wrong count is refused.
public struct RowCursor: Sendable, Hashable {
    /// Where the page starts.
    public enum Start: Sendable, Hashable {
        /// After the row with these values.
        case position(RowPosition)
        /// After the row with this rowid (values looked up).
        case rowid(Int64)
        /// After the row with these key values (its sort value looked up).
        case key([SQLValue])
        /// After the row found near this number in the list's order (its values looked up).
        case rowNumber(RowNumber)
        /// Where a source's own paging says the next page starts (``RowPage/continuation``:
        /// an upstream's next URL or cursor, or a token standing for it), at most
        /// ``maximumContinuationLength`` bytes.
        case continuation([UInt8])
    }

    /// The longest continuation a cursor carries (so its text stays under ``maximumLength``).
    public static let maximumContinuationLength = 700

    /// The longest cursor text made by value; longer ones are made by rowid.
    public static let maximumLength = 1024
    /// The longest cursor text read: a view's cursor made by an earlier version
    /// (form 0) carried its values whatever their length (found by QA: a view of
    /// 5 KB texts made cursors that were then refused). Beyond it the request
    /// line nears libmicrohttpd's 32 KiB bound.
    public static let maximumReadLength = 24 * 1024

    /// Where the page starts.
    public var start: Start
    /// The tag of the list and sort the cursor belongs to.
    public var tag: UInt32
    /// In relevance order, the digest of the data version the cursor was made at
    /// (``DataVersion/digest``): ranks depend on the whole index, so a page after a
    /// write is in another order; nil in any other order.
    public var orderVersion: UInt64?

    /// Makes the cursor after `position` in list `list` sorted by `sort`.
    /// When the values would make it longer than ``maximumLength``: by rowid
    /// when a `rowid` is given, else by key when `keyIsUnique` (the key tells
    /// rows apart) and the key alone is short enough, else by the row's number
    /// when `position` has one (``RowPosition/rowNumber``); else it stays by
    /// value, too long (``isTooLong``).
    public init(after position: RowPosition, rowid: Int64?, keyIsUnique: Bool = false, list: String, sort: ListSort?) {
        tag = Self.tag(list: list, sort: sort)
        start = .position(position)
        guard isTooLong else { return }
        if let rowid {
            start = .rowid(rowid)
            return
        }
        if keyIsUnique, sort != nil {
            let byKey = RowCursor(start: .key(position.key), tag: tag)
            if !byKey.isTooLong {
                start = byKey.start
                return
            }
        }
        if let number = position.rowNumber {
            // A row of a list whose key tells rows apart is the only one of its run.
            start = .rowNumber(
                RowNumber(number: number, repeats: keyIsUnique ? 1 : position.repeats, digest: position.digest))
        }
    }

    /// Makes the cursor after `position` in list `list` in relevance order, made when the
    /// data was at the version whose digest is `version`. Always by value: a relevance
    /// cannot be looked up by rowid alone.
    public init(afterRelevant position: RowPosition, version: UInt64, list: String) {
        tag = Self.tag(list: list, sort: nil, relevance: true)
        start = .position(position)
        orderVersion = version
    }

    /// Makes the cursor of a source's own continuation in list `list` sorted by `sort`; nil
    /// when `continuation` is longer than ``maximumContinuationLength``.
    public init?(continuation: [UInt8], list: String, sort: ListSort?) {
        guard continuation.count <= Self.maximumContinuationLength else { return nil }
        self.init(start: .continuation(continuation), tag: Self.tag(list: list, sort: sort))
    }

    /// Whether the cursor's text is longer than ``maximumLength``: one by value
    /// that found no shorter form (no rowid, a key too long alone, no row number).
    public var isTooLong: Bool { encoded.utf8.count > Self.maximumLength }

    private init(start: Start, tag: UInt32) {
        self.start = start
        self.tag = tag
    }

    /// Decodes `text` for list `list` sorted by `sort` (or in relevance order when
    /// `relevance`) whose key has `keyCount` values; nil when it is not a cursor of that
    /// list and order.
    public init?(encoded text: String, list: String, sort: ListSort?, keyCount: Int, relevance: Bool = false) {
        guard text.utf8.count <= Self.maximumReadLength, let bytes = Base64URL.decode(text) else { return nil }
        var reader = Reader(bytes: bytes)
        guard reader.byte() == 2, let form = reader.byte(), let tag = reader.uint32(),
            tag == Self.tag(list: list, sort: sort, relevance: relevance), relevance == (form == 6 || form == 7)
        else { return nil }
        self.tag = tag
        switch form {
        case 0, 3, 6, 7:
            if form >= 6 {
                guard let version = reader.uint64() else { return nil }
                orderVersion = version
            }
            var sortValue: SQLValue?
            if sort != nil || form >= 6 {
                guard let value = reader.value() else { return nil }
                sortValue = value
            }
            var key: [SQLValue] = []
            for _ in 0..<keyCount {
                guard let value = reader.value() else { return nil }
                key.append(value)
            }
            var rowid: Int64?
            if form == 7 {
                guard let bits = reader.uint64() else { return nil }
                rowid = Int64(bitPattern: bits)
            }
            guard let repeats = reader.length() else { return nil }
            var rowNumber: Int?
            if form == 3 {
                // A row of a list that counts rows is the first of its run or a later one.
                guard repeats > 0, let number = reader.length(), number > 0 else { return nil }
                rowNumber = number
            }
            start = .position(RowPosition(sortValue: sortValue, key: key, repeats: repeats, rowNumber: rowNumber, rowid: rowid))
        case 1:
            guard let bits = reader.uint64() else { return nil }
            start = .rowid(Int64(bitPattern: bits))
        case 2:
            var key: [SQLValue] = []
            for _ in 0..<keyCount {
                guard let value = reader.value() else { return nil }
                key.append(value)
            }
            start = .key(key)
        case 4:
            guard let number = reader.length(), number > 0, let repeats = reader.length(), repeats > 0, let digest = reader.uint64()
            else { return nil }
            start = .rowNumber(RowNumber(number: number, repeats: repeats, digest: digest))
        case 5:
            guard let continuation = reader.lengthAndBytes(), continuation.count <= Self.maximumContinuationLength else { return nil }
            start = .continuation(continuation)
        default:
            return nil
        }
        guard reader.isAtEnd, encoded == text else { return nil }
    }

    /// The cursor's text, safe in a URL query without escaping.
    public var encoded: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40)  // most cursors fit: one allocation, not one per doubling
        bytes.append(2)
        switch start {
        case .position(let position):
            let rowid = orderVersion == nil ? nil : position.rowid
            bytes.append(orderVersion == nil ? (position.rowNumber == nil ? 0 : 3) : rowid == nil ? 6 : 7)
            append(tag, to: &bytes)
            if let orderVersion { Self.append(orderVersion, to: &bytes) }
            if let value = position.sortValue { Self.append(value, to: &bytes) }
            for value in position.key { Self.append(value, to: &bytes) }
            if let rowid { Self.append(UInt64(bitPattern: rowid), to: &bytes) }
            Self.appendLength(position.repeats, to: &bytes)
            if let number = position.rowNumber, orderVersion == nil { Self.appendLength(number, to: &bytes) }
        case .rowid(let rowid):
            bytes.append(1)
            append(tag, to: &bytes)
            Self.append(UInt64(bitPattern: rowid), to: &bytes)
        case .key(let key):
            bytes.append(2)
            append(tag, to: &bytes)
            for value in key { Self.append(value, to: &bytes) }
        case .rowNumber(let row):
            bytes.append(4)
            append(tag, to: &bytes)
            Self.appendLength(row.number, to: &bytes)
            Self.appendLength(row.repeats, to: &bytes)
            Self.append(row.digest, to: &bytes)
        case .continuation(let continuation):
            bytes.append(5)
            append(tag, to: &bytes)
            Self.appendLength(continuation.count, to: &bytes)
            bytes.append(contentsOf: continuation)
        }
        return Base64URL.encode(bytes)
    }

    private func append(_ tag: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: tag >> UInt32(shift))) }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    static func append(_ value: SQLValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(0)
        case .integer(let number):
            bytes.append(1)
            append(UInt64(bitPattern: number), to: &bytes)
        case .real(let number):
            bytes.append(2)
            append(number.bitPattern, to: &bytes)
        case .text(let text):
            bytes.append(3)
            appendLength(text.utf8.count, to: &bytes)
            bytes.append(contentsOf: text.utf8)
        case .textBytes(let text):
            bytes.append(3)
            appendLength(text.count, to: &bytes)
            bytes.append(contentsOf: text)
        case .blob(let blob):
            bytes.append(4)
            appendLength(blob.count, to: &bytes)
            bytes.append(contentsOf: blob)
        }
    }

    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(length)
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    /// FNV-1a (32 bits) of the list's name and the sort parameter, NUL-separated; in
    /// relevance order, then a NUL and "relevance" (no sort parameter holds a NUL before it).
    static func tag(list: String, sort: ListSort?, relevance: Bool = false) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in Array(list.utf8) + [0] + Array((sort?.parameter ?? "").utf8) + (relevance ? [0] + Array("relevance".utf8) : []) {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return hash
    }

    /// Reads the cursor's bytes front to back; every read is nil past the end.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func uint32() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            defer { index += 4 }
            return bytes[index..<index + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func uint64() -> UInt64? {
            guard index + 8 <= bytes.count else { return nil }
            defer { index += 8 }
            return bytes[index..<index + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func length() -> Int? {
            var value = 0
            // Up to 63 bits (9 bytes): a row number past 2^28 was refused (found by QA).
            for shift in stride(from: 0, to: 63, by: 7) {
                guard let byte = byte() else { return nil }
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }

        /// A length (LEB128) and that many bytes.
        mutating func lengthAndBytes() -> [UInt8]? {
            guard let count = length(), count <= bytes.count - index else { return nil }
            defer { index += count }
            return Array(bytes[index..<index + count])
        }

        mutating func value() -> SQLValue? {
            switch byte() {
            case 0: return .null
            case 1: return uint64().map { .integer(Int64(bitPattern: $0)) }
            case 2:
                guard let bits = uint64() else { return nil }
                // NaN too: PostgreSQL stores it (above every number), SQLite reads it as NULL.
                return .real(Double(bitPattern: bits))
            case 3, 4:
                let isText = bytes[index - 1] == 3
                guard let count = length(), count <= bytes.count - index else { return nil }
                let slice = Array(bytes[index..<index + count])
                index += count
                if isText {
                    // Text stored as bytes that are not UTF-8 comes back as those bytes (``SQLValue/textBytes(_:)``).
                    return String(validating: slice, as: UTF8.self).map { .text($0) } ?? .textBytes(slice)
                }
                return .blob(slice)
            default: return nil
            }
        }
    }
}
