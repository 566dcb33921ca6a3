import Foundation
import TestSupport
import Testing

@testable import liststate

/// docs/reference/cli.md holds each command's `--help` as the binary prints it,
/// and the exit statuses the code defines (``ExitStatus``), each once.
@Suite struct CLIReferenceTests {
    /// Each section of the page and the arguments that print its help.
    static let helps: [(heading: String, arguments: [String])] = [
        ("liststate", ["--help"]), ("liststate serve", ["serve", "--help"]),
        ("liststate render", ["render", "--help"]), ("liststate check", ["check", "--help"]),
    ]

    @Test(arguments: helps.map(\.heading))
    func thePageHoldsTheHelpVerbatim(_ heading: String) throws {
        let arguments = try #require(Self.helps.first { $0.heading == heading }).arguments
        let run = try CLIRun.run(arguments)
        #expect(run.status == ExitStatus.ok)
        let blocks = try ReferencePage("cli.md").fencedBlocks(under: heading)
        let shown = try #require(blocks.first, "docs/reference/cli.md has no block under “\(heading)”")
        let trimmed = { (text: String) in text.replacing(/\n+\z/, with: "") }
        #expect(trimmed(shown) == trimmed(run.standardOutput), "docs/reference/cli.md, “\(heading)”: paste `liststate \(arguments.joined(separator: " "))`")
    }

    /// The statuses of the page's table and of `--help` are the code's constants.
    @Test func theExitStatusesAreTheCodes() throws {
        let constants: Set<Int32> = [
            ExitStatus.ok, ExitStatus.failure, ExitStatus.usage, ExitStatus.dataError, ExitStatus.noInput,
            ExitStatus.unavailable, ExitStatus.cannotCreate, ExitStatus.configuration,
        ]
        let documented = try ReferencePage("cli.md").tableRows(under: "Exit statuses").compactMap {
            Int32(ReferencePage.codeSpans($0[0]).first ?? "")
        }
        #expect(documented.sorted() == constants.sorted())
        let summarised = ExitStatus.summary.split(separator: "\n").dropFirst().compactMap {
            Int32($0.split(separator: " ").first ?? "")
        }
        #expect(summarised.sorted() == constants.sorted())
    }
}
