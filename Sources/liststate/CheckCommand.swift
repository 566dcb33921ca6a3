// liststate check: not built yet.
import Foundation

/// `liststate check`.
enum CheckCommand {
    /// Runs the subcommand with its arguments (without the command name); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("liststate check: not built yet\n".utf8))
        return ExitStatus.failure
    }
}
