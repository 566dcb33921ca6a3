import Foundation
import TestSupport
import Testing

/// `liststate serve --config`: a bad configuration stops the start (exit 1),
/// naming the file and the key, before any catalogue is built.
@Suite struct ServeConfigurationTests {
    private func serve(config json: String) throws -> (run: CLIRun, file: String) {
        let folder = URL(fileURLWithPath: TemporaryFolder.make("serve"))
        let file = folder.appendingPathComponent("site.json")
        try Data(json.utf8).write(to: file)
        let database = folder.appendingPathComponent("never.sqlite").path
        let run = try CLIRun.run(["serve", "--port", "0", "--db", database, "--config", file.path, "--dev"])
        #expect(!FileManager.default.fileExists(atPath: database))
        return (run, file.path)
    }

    @Test func unknownKeyStopsTheStart() throws {
        let outcome = try serve(config: #"{"lists": {"characters": {"lazzy": true}}}"#)
        #expect(outcome.run.status == 78)
        #expect(outcome.run.standardError.contains("\(outcome.file): error: lists.characters.lazzy: unknown key"))
    }

    @Test func badColourStopsTheStart() throws {
        let outcome = try serve(config: #"{"lists": {"characters": {"placeholders": {"noData": {"background": "tomato"}}}}}"#)
        #expect(outcome.run.status == 78)
        #expect(
            outcome.run.standardError.contains(
                "\(outcome.file): error: lists.characters.placeholders.noData.background: “tomato” is not a colour"))
    }

    /// Said as a missing database is: "there is no such file".
    @Test func missingFileStopsTheStart() throws {
        let run = try CLIRun.run(["serve", "--port", "0", "--config", "/nonexistent/site.json"])
        #expect(run.status == 78)
        #expect(run.standardError.contains("/nonexistent/site.json: error: there is no such file"))
    }

    /// A file that is there but cannot be read (a folder) keeps its own words.
    @Test func unreadableFileStopsTheStart() throws {
        let run = try CLIRun.run(["serve", "--port", "0", "--config", "/"])
        #expect(run.status == 78)
        #expect(run.standardError.contains("/: error: the file cannot be read"))
    }

    @Test func helpNamesTheNewOptions() throws {
        let run = try CLIRun.run(["serve", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("--config FILE.json") && run.standardOutput.contains("--dev"))
    }
}
