import Foundation
import ListState
import TestSupport
import Testing
import UpstreamStore

/// `liststate serve --config` with `upstreams`: a declaration that cannot be used stops the
/// start (exit 78) naming `upstreams.NAME.KEY`; the keys read are the keys documented.
@Suite struct ServeUpstreamsTests {
    @Test func theKeysReadAreTheKeysDocumented() {
        #expect(ConfigurationKeys.upstream == UpstreamDeclaration.keys)
    }

    @Test(arguments: [
        (#"{"url": "ftp://example.org/items", "key": "id", "pagination": "next"}"#, "upstreams.items.url: “ftp://example.org/items” is not an http"),
        (#"{"url": "http://127.0.0.1:9/items", "pagination": "next"}"#, "upstreams.items.key: is required"),
        (#"{"url": "http://127.0.0.1:9/items", "key": "id"}"#, "upstreams.items.pagination: is required"),
        (#"{"url": "http://127.0.0.1:9/items", "key": "id", "pagination": "pages"}"#, "upstreams.items.pagination.style: “pages” is not"),
        (
            #"{"url": "http://127.0.0.1:9/items", "key": "id", "pagination": "next", "headers": {"Authorization": "Bearer ${NO_SUCH_TOKEN_SET}"}}"#,
            "upstreams.items.headers.Authorization: names an environment variable that is not set"
        ),
        (
            #"{"url": "http://127.0.0.1:9/items", "key": "id", "pagination": "next", "rowURL": "http://other.example/items/{key}"}"#,
            "upstreams.items.rowURL: must be on the origin of url"
        ),
        (#"{"url": "http://127.0.0.1:9/items", "key": "id", "pagination": "next", "limt": "x"}"#, "upstreams.items.limt: is not a key"),
        (
            #"{"url": "http://127.0.0.1:9/items", "key": "id", "pagination": "next"}"#,
            "upstreams.items.columns: not given, and the upstream's first page could not be read for them"
        ),
    ])
    func aDeclarationThatCannotBeUsedStopsTheStart(declaration: String, said: String) throws {
        let folder = URL(fileURLWithPath: TemporaryFolder.make("upstreams"))
        let file = folder.appendingPathComponent("site.json")
        try Data(#"{"upstreams": {"items": \#(declaration)}}"#.utf8).write(to: file)
        let run = try CLIRun.run(["serve", "--port", "0", "--config", file.path])
        #expect(run.status == 78)
        #expect(run.standardError.contains("\(file.path): error: \(said)"), "\(run.standardError)")
    }

    /// A relative `caFile` is looked for beside the configuration file, not in the working directory.
    @Test func aRelativeCAFileIsLookedForBesideTheConfigurationFile() throws {
        let folder = TemporaryFolder.make("upstreams")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/site.json"
        let declaration = #"{"url": "https://127.0.0.1:9/items", "key": "id", "columns": ["name"], "pagination": "next", "caFile": "ca.pem"}"#
        try Data(#"{"upstreams": {"items": \#(declaration)}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let run = try CLIRun.run(["serve", "--port", "0", "--config", file])
        #expect(run.status == 78)
        #expect(run.standardError.contains("\(file): error: upstreams.items.caFile: “\(folder)/ca.pem” cannot be read"), "\(run.standardError)")
    }
}
