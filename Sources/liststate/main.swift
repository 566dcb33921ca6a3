// liststate: the ListState command line. Each subcommand lives in a file of its
// own (`ServeCommand`, `RenderCommand`, `CheckCommand`) and returns its exit status.
import Foundation

/// Exit statuses shared by every subcommand.
enum ExitStatus {
    /// Success.
    static let ok: Int32 = 0
    /// The input was processed and found wrong (a template error, a markup error, a port in use).
    static let failure: Int32 = 1
    /// Bad arguments, or input that could not be read at all.
    static let usage: Int32 = 2
}

let usage = """
usage: liststate <command> [options]

commands:
  serve    serve the list pages over HTTP
  render   render a Mustache template with JSON data
  check    validate HTML pages and fragments

Run 'liststate <command> --help' for a command's options.

"""

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(ExitStatus.usage)
}
arguments.removeFirst()
switch command {
case "serve": exit(ServeCommand.run(arguments))
case "render": exit(RenderCommand.run(arguments))
case "check": exit(CheckCommand.run(arguments))
case "--help", "-h", "help":
    FileHandle.standardOutput.write(Data(usage.utf8))
    exit(ExitStatus.ok)
default:
    FileHandle.standardError.write(Data("liststate: unknown command '\(command)'\n\n\(usage)".utf8))
    exit(ExitStatus.usage)
}
