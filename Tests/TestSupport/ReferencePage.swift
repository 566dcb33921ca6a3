import Foundation

/// A page of docs/reference, read by the tests that hold it equal to the code.
public struct ReferencePage {
    /// The page's Markdown.
    public let text: String

    /// Reads `docs/reference/NAME` of this repository.
    public init(_ name: String) throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/reference").standardized
        text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
    }

    /// The body rows of the tables in the section under the heading `heading`
    /// (up to the next heading of any level), each row's cells trimmed.
    public func tableRows(under heading: String) -> [[String]] {
        var inSection = false
        var inBody = false
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inSection = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == heading
                continue
            }
            guard inSection, line.hasPrefix("|") else {
                inBody = false
                continue
            }
            // A table's first line is its header, then `| --- |`, then its body.
            if line.hasPrefix("| ---") {
                inBody = true
            } else if inBody {
                rows.append(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
        return rows
    }

    /// The contents of a Markdown cell's code spans: `` `a`, `b` `` → ["a", "b"].
    public static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The contents of the fenced code blocks that follow the heading `heading`,
    /// up to the next heading.
    public func fencedBlocks(under heading: String) -> [String] {
        var inSection = false
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("#") {
                inSection = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == heading
                continue
            }
            guard inSection else { continue }
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }
}
