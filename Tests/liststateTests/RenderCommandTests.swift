import Foundation
import TestSupport
import Testing

/// `liststate render`, run as a subprocess: output bytes and exit statuses.
@Suite struct RenderCommandTests {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `liststate render` with `arguments`, feeding `stdin`.
    func run(_ arguments: [String], stdin: String = "", in directory: URL? = nil) throws -> Outcome {
        let run = try CLIRun.run(["render"] + arguments, input: stdin, in: directory)
        return Outcome(status: run.status, stdout: run.standardOutput, stderr: run.standardError)
    }

    /// A fresh folder holding `files`.
    func folder(_ files: [String: String]) throws -> URL {
        let url = URL(fileURLWithPath: TemporaryFolder.make("render"))  // removed with the test process's root
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    @Test func rendersWithDataFileAndAddsNothing() throws {
        let dir = try folder([
            "page.mustache": "<ul>\n{{#rows}}\n<li>{{title}}</li>\n{{/rows}}\n</ul>",
            "data.json": #"{"rows": [{"title": "A&B"}]}"#,
        ])
        let outcome = try run([dir.appendingPathComponent("page.mustache").path, "--data", dir.appendingPathComponent("data.json").path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "<ul>\n<li>A&amp;B</li>\n</ul>")
        #expect(outcome.stderr == "")
    }

    @Test func readsDataFromStandardInput() throws {
        let dir = try folder(["t.mustache": "{{n}}|{{d}}|{{#z}}x{{/z}}{{^z}}zero{{/z}}"])
        let outcome = try run(["t.mustache", "--data", "-"], stdin: #"{"n": 10, "d": 1.210, "z": 0}"#, in: dir)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "10|1.21|zero")
    }

    @Test func withoutDataTheContextIsEmpty() throws {
        let dir = try folder(["t.mustache": "[{{missing}}]"])
        let outcome = try run([dir.appendingPathComponent("t.mustache").path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "[]")
    }

    @Test func partialsComeFromTheTemplatesFolderByDefault() throws {
        let dir = try folder(["page.mustache": "<ol>\n  {{>row}}\n</ol>\n", "row.mustache": "<li>{{v}}</li>\n"])
        let outcome = try run(["page.mustache", "--data", "-"], stdin: #"{"v": "<x>"}"#, in: dir)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "<ol>\n  <li>&lt;x&gt;</li>\n</ol>\n")
    }

    @Test func partialsFolderOption() throws {
        let dir = try folder(["page.mustache": "{{<layout}}{{$b}}B{{/b}}{{/layout}}", "parts/layout.mustache": "[{{$b}}{{/b}}]"])
        #expect(try run(["page.mustache", "--partials", "parts"], in: dir).stdout == "[B]")
        #expect(try run(["page.mustache", "--partials=parts"], in: dir).stdout == "[B]")
        #expect(try run(["page.mustache"], in: dir).stdout == "")
    }

    @Test func missingPartialIsEmptyUnlessStrict() throws {
        let dir = try folder(["page.mustache": "a\n{{>nope}}|b"])
        let lenient = try run(["page.mustache"], in: dir)
        #expect(lenient.status == 0)
        #expect(lenient.stdout == "a\n|b")
        let strict = try run(["page.mustache", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stdout == "")
        #expect(strict.stderr == "page.mustache:2:1: error: partial 'nope' does not exist\n")
    }

    @Test func templateErrorExitsOneWithPlace() throws {
        let dir = try folder(["bad.mustache": "<ul>\n  {{#rows}}\n<li>\n"])
        let outcome = try run(["bad.mustache"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr == "bad.mustache:2:3: error: unclosed section 'rows': no '{{/rows}}' closes it\n")
    }

    @Test func errorInAPartialNamesThePartialsFile() throws {
        let dir = try folder(["page.mustache": "{{>row}}", "row.mustache": "ok\n {{/x}}"])
        let outcome = try run(["page.mustache"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasSuffix("row.mustache:2:2: error: closing tag 'x' has no open section\n"))
    }

    @Test func runawayRecursionExitsOne() throws {
        let dir = try folder(["loop.mustache": "{{>loop}}"])
        let outcome = try run(["loop.mustache"], in: dir)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "")
        #expect(outcome.stderr.hasPrefix("loop.mustache:1:1: error: "))
    }

    /// Issue 16: sysexits' EX_DATAERR for data that is not JSON.
    @Test func invalidJSONExits65() throws {
        let dir = try folder(["t.mustache": "x", "bad.json": "{nope"])
        #expect(try run(["t.mustache", "--data", "bad.json"], in: dir).status == 65)
        #expect(try run(["t.mustache", "--data", "-"], stdin: "[1,", in: dir).status == 65)
    }

    /// Issue 16: sysexits' EX_NOINPUT for a file that cannot be read.
    @Test func unreadableFilesExit66() throws {
        let dir = try folder(["t.mustache": "x"])
        #expect(try run(["missing.mustache"], in: dir).status == 66)
        #expect(try run(["t.mustache", "--data", "missing.json"], in: dir).status == 66)
        #expect(try run(["."], in: dir).status == 66)
    }

    @Test func badArgumentsExitTwo() throws {
        let dir = try folder(["t.mustache": "x"])
        #expect(try run([], in: dir).status == 2)
        #expect(try run(["t.mustache", "--bogus"], in: dir).status == 2)
        #expect(try run(["t.mustache", "other.mustache"], in: dir).status == 2)
        let missingValue = try run(["t.mustache", "--data"], in: dir)
        #expect(missingValue.status == 2)
        #expect(missingValue.stderr.contains("--data needs a value"))
    }

    @Test func helpExplainsAndExitsZero() throws {
        let outcome = try run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("usage: liststate render TEMPLATE"))
        #expect(outcome.stdout.contains("--strict"))
    }
}
