/// Where a list page cuts a long text: after its first characters (extended
/// grapheme clusters, UAX #29: what a reader counts as one), found by walking only
/// those characters, never the whole value (issue 48: walking 300 `Character`s three
/// times a cell was a quarter of a Debian package page's instructions, callgrind).
///
/// ASCII is walked a byte at a time (every ASCII byte is a character but CR LF, GB3);
/// from the first other byte on, Swift's grapheme breaking walks a window of the text
/// just long enough for the characters left.
enum CharacterCut {
    /// The offset in `utf8` (valid UTF-8) where its first `count` characters end, when
    /// more follow; nil when it has no more than `count` characters.
    static func end(of utf8: UnsafeBufferPointer<UInt8>, after count: Int) -> Int? {
        let count = max(count, 0)
        // A character is at least one byte.
        guard utf8.count > count else { return nil }
        var offset = 0
        var characters = 0
        var last = 0
        // Eight bytes at a time while they are ASCII without CR (each a character).
        while count - characters > 8, utf8.count - offset > 8 {
            let word = UnsafeRawPointer(utf8.baseAddress! + offset).loadUnaligned(as: UInt64.self)
            let cr = word ^ 0x0D0D_0D0D_0D0D_0D0D
            // A byte of `cr` is zero where `word` holds CR (the classic zero-byte test).
            let hasCR = (cr &- 0x0101_0101_0101_0101) & ~cr & 0x8080_8080_8080_8080 != 0
            if word & 0x8080_8080_8080_8080 != 0 || hasCR { break }
            offset += 8
            characters += 8
            last = offset - 1
        }
        while characters < count, offset < utf8.count, utf8[offset] < 0x80 {
            last = offset
            let crlf = utf8[offset] == 0x0D && offset + 1 < utf8.count && utf8[offset + 1] == 0x0A
            offset += crlf ? 2 : 1
            characters += 1
        }
        guard offset < utf8.count else { return nil }
        // An ASCII byte next starts a character of its own.
        if characters == count, utf8[offset] < 0x80 { return offset }
        // Another byte may extend the last character read (a combining mark, GB9): walk from its start.
        if characters > 0 {
            offset = last
            characters -= 1
        }
        return graphemeEnd(of: utf8, from: offset, after: count - characters)
    }

    /// ``end(of:after:)-(UnsafeBufferPointer<UInt8>,_)`` of a `String`, as an index of it.
    static func end(of text: String, after count: Int) -> String.Index? {
        let found = text.utf8.withContiguousStorageIfAvailable { end(of: $0, after: count) }
        guard let found else {
            // Not contiguous UTF-8 (a bridged string): the standard library's walk.
            guard let end = text.index(text.startIndex, offsetBy: max(count, 0), limitedBy: text.endIndex), end < text.endIndex
            else { return nil }
            return end
        }
        return found.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// The offset after `count` characters of `utf8` from `start` (a character boundary),
    /// when more follow. Swift walks a window of the bytes: a boundary it finds before the
    /// window's end is one of the whole text (UAX #29 decides a boundary from what precedes
    /// it and the one code point after); a window too short for `count` characters doubles.
    private static func graphemeEnd(of utf8: UnsafeBufferPointer<UInt8>, from start: Int, after count: Int) -> Int? {
        // `count` + 1 code points take at most 4 bytes each (RFC 3629); marks and joiners take more.
        var length = count < (utf8.count - start) / 4 ? 4 * (count + 1) + 64 : utf8.count - start
        while true {
            var window = min(utf8.count, start + length)
            // The window ends where a code point starts.
            while window < utf8.count, utf8[window] & 0xC0 == 0x80 { window += 1 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<window]), as: UTF8.self)
            if let end = text.index(text.startIndex, offsetBy: count, limitedBy: text.endIndex), end < text.endIndex {
                return start + text.utf8.distance(from: text.utf8.startIndex, to: end)
            }
            if window == utf8.count { return nil }
            length *= 2
        }
    }
}
