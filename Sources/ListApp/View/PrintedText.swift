import Mustache

/// A text every row of a page prints (a label, a word of the page's language,
/// a link's query), with its HTML-escaped UTF-8 made once: `{{x}}` copies the
/// escaped bytes, `{{{x}}}` the text itself (escaping the same words on every
/// row cost a page of 50 rows a tenth of its rows: callgrind). A final class:
/// a row that prints it borrows one reference, where a struct's text and bytes
/// were two to retain and release on every row.
final class PrintedText: Sendable {
    /// The text as it is.
    let text: String
    /// Its UTF-8, HTML-escaped (``Mustache/HTMLEscaping``).
    let escaped: [UInt8]

    init(_ text: String) {
        self.text = text
        escaped = HTMLEscaping.escaped(text)
    }

    /// Writes what `{{x}}` (`escaped`) or `{{{x}}}` prints for this text.
    func write(escaped isEscaped: Bool, into output: inout MustacheOutput) {
        if isEscaped { output.append(html: escaped) } else { output.append(text, escaped: false) }
    }
}
