import HTTPServer
import ListState
import ListStore
import MarkupValidation

/// `liststate version` (or `--version`): ListState's version and the versions
/// of the C libraries it runs on, as they report them at run time.
enum VersionCommand {
    /// The lines printed, each `name version`.
    static var lines: [String] {
        [
            "liststate \(ProductVersion.current)", "libmicrohttpd \(Server.libraryVersion)",
            "SQLite \(SQLiteLibrary.version)", "libxml2 \(MarkupValidator.libraryVersion)",
        ]
    }

    static func run(_ arguments: [String]) -> Int32 {
        if let extra = arguments.first {
            return ExitStatus.usageError("liststate version: unexpected argument '\(extra)'", help: "liststate --help")
        }
        Output.standardOutput(lines.joined(separator: "\n") + "\n")
        return ExitStatus.ok
    }
}
