import Testing

/// A test argument too long to print: a test's output names it by its length
/// and its start, not by all its characters.
struct OversizedText: CustomTestStringConvertible, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    var testDescription: String { "\(text.utf8.count) bytes: \(text.prefix(24).debugDescription)…" }
}
