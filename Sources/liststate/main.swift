// liststate: the ListState command line. Each subcommand lives in a file of its
// own (`ServeCommand`, `RenderCommand`, `CheckCommand`, `VersionCommand`) and
// returns its exit status (`ExitStatus`).
import Foundation

let usage = """
    usage: liststate <command> [options]
           liststate --version

    commands:
      serve    serve the list pages over HTTP
      render   render a Mustache template with JSON data
      check    validate HTML pages and fragments
      version  print the versions of ListState and of the libraries it runs on

    Run 'liststate <command> --help' for a command's options.

    \(ExitStatus.summary)
    """

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    exit(ExitStatus.usageError("liststate: no command given", help: "liststate --help"))
}
arguments.removeFirst()
switch command {
case "serve": exit(ServeCommand.run(arguments))
case "render": exit(RenderCommand.run(arguments))
case "check": exit(CheckCommand.run(arguments))
case "version", "--version": exit(VersionCommand.run(arguments))
case "--help", "-h", "help":
    Output.standardOutput(usage)
    exit(ExitStatus.ok)
default:
    exit(ExitStatus.usageError("liststate: unknown command '\(command)'", help: "liststate --help"))
}
