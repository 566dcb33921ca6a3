/// What of a text a page shows when it shows only its start (a list page's cells, drawn
/// by ListState's shared templates): its first ``characters`` characters. Such a page reads
/// a text of ``columns`` no further than it can show: one whose first `characters` + 1 bytes
/// are ASCII other than CR (each byte then a character of its own, UAX #29), one of those
/// kept visible, is kept as its first `characters` bytes and marked cut (``RowPage/clamped``),
/// so that the page knows more follows; any other text is read as the page reads it otherwise (issue 48: a
/// Debian-shaped page copied and checked its long texts whole to show 300 characters).
public struct ShownPrefix: Sendable, Hashable {
    /// The most characters kept of a text (what a cell shows, plus one to know it was cut).
    public var characters: Int
    /// The columns read so (by index in the table's columns).
    public var columns: Set<Int>

    /// Makes a prefix.
    public init(characters: Int, columns: Set<Int>) {
        (self.characters, self.columns) = (max(characters, 1), columns)
    }

    /// The bytes of `text` a page keeps: its first ``characters`` when they and the byte
    /// after them are ASCII other than CR, one of those kept visible, and it does not start with `h` (a web address a
    /// cell links whole); nil to read it as any other page does.
    static func kept(of text: UnsafeBufferPointer<UInt8>, characters: Int) -> Int? {
        guard text.count > characters, let base = text.baseAddress, base[0] != UInt8(ascii: "h") else { return nil }
        // One of those kept shows (0x21...0x7E; most texts' first byte does): a caption is a
        // row's first text that shows something, which the whole text may where its first
        // characters are all blank.
        var visible = 0
        while visible < characters, base[visible] &- 0x21 >= 0x5E { visible += 1 }
        guard visible < characters else { return nil }
        // The first `characters` + 1 bytes: none at or above 0x80, none CR. One pass with no
        // early exit, which the compiler makes a loop over 16 bytes at a time (a word at a
        // time with the zero-byte test for CR, 18 K instructions of a Debian-shaped page).
        var high: UInt8 = 0
        var returns: UInt8 = 0
        for byte in UnsafeBufferPointer(start: base, count: characters + 1) {
            high |= byte
            returns |= byte == 0x0D ? 1 : 0
        }
        return high < 0x80 && returns == 0 ? characters : nil
    }
}
