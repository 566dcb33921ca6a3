// liststate render: not built yet.
import Foundation

/// `liststate render`.
enum RenderCommand {
    /// Runs the subcommand with its arguments (without the command name); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        FileHandle.standardError.write(Data("liststate render: not built yet\n".utf8))
        return ExitStatus.failure
    }
}
