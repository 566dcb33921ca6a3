import Foundation
import TestSupport
import Testing

@testable import ListState

/// docs/reference/configuration.md, "Every key", names each key the parser
/// takes (``ConfigurationKeys``) and no other.
@Suite struct ConfigurationKeysTests {
    /// Each key of the page's table by its whole path (`lists.<list>.lazy`).
    static func documentedPaths() throws -> [String] {
        try ReferencePage("configuration.md").tableRows(under: "Every key").flatMap { row -> [String] in
            guard row.count >= 2, !row[0].isEmpty else { return [] }
            let prefix = ReferencePage.codeSpans(row[0]).first ?? ""
            return ReferencePage.codeSpans(row[1]).map { prefix.isEmpty ? $0 : "\(prefix).\($0)" }
        }
    }

    @Test func everyKeyOfTheParserIsDocumented() throws {
        let documented = Set(try Self.documentedPaths())
        let undocumented = ConfigurationKeys.paths.filter { !documented.contains($0) }
        #expect(undocumented.isEmpty, "keys missing from docs/reference/configuration.md: \(undocumented)")
    }

    @Test func everyDocumentedKeyIsKnownToTheParser() throws {
        let known = Set(ConfigurationKeys.paths)
        let unknown = try Self.documentedPaths().filter { !known.contains($0) }
        #expect(unknown.isEmpty, "keys docs/reference/configuration.md names but the parser refuses: \(unknown)")
    }

    /// The table is the parser's: a key of it is taken, one beside it refused.
    @Test func theParserTakesTheTablesKeysAndRefusesOthers() throws {
        let taken = #"{"lists": {"characters": {"placeholders": {"noData": {"layout": "fill", "insets": {"top": 4}}}}}}"#
        #expect(throws: Never.self) { try ConfigurationFile.parse(Data(taken.utf8), file: "t.json", knownLists: ["characters"]) }
        let refused = #"{"lists": {"characters": {"placeholders": {"noData": {"layout": "fill", "insets": {"up": 4}}}}}}"#
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationFile.parse(Data(refused.utf8), file: "t.json", knownLists: ["characters"])
        }
        #expect(error?.message == "unknown key (known here: \(ConfigurationKeys.insets.joined(separator: ", ")))")
    }
}
