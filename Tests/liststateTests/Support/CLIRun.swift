// Runs the built `liststate` binary as a subprocess: it sits beside the test bundle.
import Foundation
import Testing

/// Runs the `liststate` executable and collects what it prints.
struct CLIRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The `liststate` binary of this build.
    static var executable: URL? {
        var folders: [URL] = [Bundle.main.bundleURL]
        if let argument = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return folders.map { $0.appendingPathComponent("liststate") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `liststate check` with `arguments`, feeding `input` to standard input.
    static func check(_ arguments: [String], input: String = "") throws -> CLIRun {
        try run(["check"] + arguments, input: input)
    }

    /// Runs `liststate` with `arguments` (the subcommand first), feeding `input`
    /// to standard input, optionally in another working directory and with
    /// `environment` added to this process's; waits for it to exit, or ends it
    /// with SIGTERM after `timeLimit` seconds (so a command that should have
    /// stopped, such as a `serve` expected to refuse, fails the test instead of hanging it).
    static func run(
        _ arguments: [String], input: String = "", in directory: URL? = nil,
        environment: [String: String] = [:], timeLimit: Double = 120
    ) throws -> CLIRun {
        let binary = try #require(executable, "the liststate binary is not beside the test bundle")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
        defer { watchdog.cancel() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
