import Foundation
import Testing

/// `liststate serve --config`: a bad configuration stops the start (exit 1),
/// naming the file and the key, before any catalogue is built.
@Suite struct ServeCommandTests {
    private func serve(config json: String) throws -> (status: Int32, stderr: String, file: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("site.json")
        try Data(json.utf8).write(to: file)
        let process = Process()
        process.executableURL = try RenderCommandTests.binary()
        process.arguments = ["serve", "--port", "0", "--db", folder.appendingPathComponent("never.sqlite").path,
                             "--config", file.path, "--dev"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("never.sqlite").path))
        return (process.terminationStatus, String(decoding: err, as: UTF8.self), file.path)
    }

    @Test func unknownKeyStopsTheStart() throws {
        let outcome = try serve(config: #"{"lists": {"characters": {"lazzy": true}}}"#)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(outcome.file): error: lists.characters.lazzy: unknown key"))
    }

    @Test func badColourStopsTheStart() throws {
        let outcome = try serve(config: #"{"lists": {"characters": {"placeholders": {"noData": {"background": "tomato"}}}}}"#)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(outcome.file): error: lists.characters.placeholders.noData.background: “tomato” is not a colour"))
    }

    @Test func helpNamesTheNewOptions() throws {
        let process = Process()
        process.executableURL = try RenderCommandTests.binary()
        process.arguments = ["serve", "--help"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("--config FILE.json") && text.contains("--dev"))
    }
}
