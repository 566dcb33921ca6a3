import Mustache

/// A text every row of a page prints (a label, a word of the page's language,
/// a link's query), with its HTML-escaped UTF-8 made once: `{{x}}` copies the
/// escaped bytes, `{{{x}}}` the text itself (escaping the same words on every
/// row cost a page of 50 rows a tenth of its rows: callgrind). A final class:
/// a row that prints it borrows one reference, where a struct's text and bytes
/// were two to retain and release on every row. Where even that reference is
/// one too many (words shared by every page, whose count both cores write), a
/// list keeps the text's ``span`` instead.
package final class PrintedText: @unchecked Sendable {
    /// The text as it is.
    package let text: String
    /// Its UTF-8, HTML-escaped (``Mustache/HTMLEscaping``), in memory of its own
    /// that lives as long as this text and never changes.
    package let escaped: UnsafeBufferPointer<UInt8>

    /// Keeps `text` and its escaped UTF-8.
    package init(_ text: String) {
        self.text = text
        let bytes = HTMLEscaping.escaped(text)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        escaped = UnsafeBufferPointer(rebasing: storage[..<bytes.count])
    }

    deinit { UnsafeMutableBufferPointer(mutating: escaped).deallocate() }

    /// Writes what `{{x}}` (`escaped`) or `{{{x}}}` prints for this text.
    package func write(escaped isEscaped: Bool, into output: inout MustacheOutput) {
        if isEscaped { output.append(html: escaped) } else { output.append(text, escaped: false) }
    }

    /// This text as a plain value, for a list that holds the text itself elsewhere.
    package var span: Span { Span(escaped: escaped, text: self) }

    /// A ``PrintedText`` as a plain value: its escaped bytes and an unretained
    /// reference to it, valid while whoever made the span keeps the text. A
    /// catalogue row retained and released each shared word it printed (its
    /// category's name, the words around its Unicode version): three of the
    /// seven reference counts of each row of an uncached page (callgrind), on
    /// objects every request shares. Sendable as its text is: neither changes.
    package struct Span: @unchecked Sendable {
        /// The text's UTF-8, HTML-escaped.
        package let escaped: UnsafeBufferPointer<UInt8>
        /// The text (for `{{{x}}}`), not retained.
        package unowned(unsafe) let text: PrintedText

        /// Writes what `{{x}}` (`escaped`) or `{{{x}}}` prints for the text.
        @inlinable @inline(__always)
        package func write(escaped isEscaped: Bool, into output: inout MustacheOutput) {
            if isEscaped { output.append(html: escaped) } else { text.write(escaped: false, into: &output) }
        }
    }
}
