import Foundation

/// Tests/upstream/upstream_server.py (the fake upstream JSON API) started as a child process
/// with `arguments`: the process, the pipe of its standard input (closing it ends the server,
/// as does the end of the test process) and the port it printed as its first line.
public func startUpstreamServer(arguments: [String] = []) throws -> (process: Process, input: Pipe, port: UInt16) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appending(path: "../upstream/upstream_server.py").standardized
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let more = output.fileHandleForReading.availableData
        if more.isEmpty { break }
        line += more
    }
    guard let port = UInt16(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
        try? input.fileHandleForWriting.close()
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "upstream_server.py printed no port"])
    }
    return (process, input, port)
}
