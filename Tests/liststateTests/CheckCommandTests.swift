// `liststate check`, run as a subprocess: the built binary sits beside the test bundle.
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A temporary folder with HTML files in it.
struct Scratch {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: TemporaryFolder.make("check"))
    }

    func file(_ name: String, _ contents: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

let cleanPage = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title>List</title></head>
    <body><main><div id="list"><ol id="rows"><li>a</li></ol></div></main></body>
    </html>

    """

@Suite(.serialized) struct CheckCommandTests {
    @Test func cleanFileExitsZeroAndPrintsNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try CLIRun.check([try scratch.file("page.html", cleanPage)])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func brokenFilePrintsLikeACompilerAndExitsOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("page.html", cleanPage.replacingOccurrences(of: "<li>a</li>", with: "<li>a\n<foo>b</foo></li>"))
        let run = try CLIRun.check([path])
        #expect(run.status == 1)
        #expect(run.standardOutput == "\(path):5:1: error: <foo> is not an HTML element (custom elements need a hyphen, as in <my-foo>). [unknown-element]\n")
    }

    @Test func warningsAloneExitZero() throws {
        let run = try CLIRun.check(["--fragment", "body", "-"], input: "<p><tt>x</tt></p>")
        #expect(run.status == 0)
        #expect(run.standardOutput == "<stdin>:1:4: warning: <tt> is obsolete in HTML (WHATWG HTML §16.2); use CSS or a current element. [obsolete-element]\n")
    }

    @Test func fragmentContextIsGuessedOrGiven() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let items = try scratch.file("items.html", "\n<li>a</li>\n<li hx-get=\"/?cursor=x\" hx-trigger=\"revealed\" hx-swap=\"outerHTML\"><a href=\"/?cursor=x\">more</a></li>\n")
        #expect(try CLIRun.check(["--fragment", items]).status == 0)
        #expect(try CLIRun.check(["--fragment=list-items", items]).status == 0)
        let asRegion = try CLIRun.check(["--fragment", "region", items])
        #expect(asRegion.status == 1)
        #expect(asRegion.standardOutput.contains("\(items):2:1: error: <li> must be a child of <ol>"))
        // As a document it lacks a doctype, lang, charset and title.
        #expect(try CLIRun.check([items]).standardOutput.contains("[missing-doctype]"))
    }

    @Test func standardInput() throws {
        let run = try CLIRun.check(["-"], input: "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title><p>a &bogus; b")
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("<stdin>:1:71: error: '&bogus;'"))
        #expect(run.standardOutput.hasSuffix("[undefined-entity]\n"))
    }

    /// Issue 16: bad arguments exit 2 with one line and a hint; an unreadable file 66 (EX_NOINPUT).
    @Test func badArgumentsExitTwoAndUnreadableInputs66() throws {
        #expect(try CLIRun.check([]).status == 2)
        let bad = try CLIRun.check(["--strict", "x.html"])
        #expect(bad.status == 2)
        #expect(bad.standardError == "liststate check: unknown option '--strict'\nsee 'liststate check --help'\n")
        #expect(try CLIRun.check(["--fragment=sideways", "x.html"]).status == 2)
        let missing = try CLIRun.check(["/nonexistent/page.html"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent/page.html: cannot read the file"))
        #expect(missing.standardError.contains("liststate check: 0 documents checked: no problems; 1 input could not be read"))
        // https is fetched too; a host that cannot resolve is unavailable.
        #expect(try CLIRun.check(["https://example.invalid/"]).status == 69)
    }

    /// Issue 16: a clean run says so on standard error; `--quiet` says nothing.
    @Test func aSummaryLineUnlessQuiet() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let clean = try scratch.file("clean.html", "<p>fine</p>")
        let broken = try scratch.file("broken.html", "<p>x</div>")
        let run = try CLIRun.check(["--fragment", "body", clean, broken])
        #expect(run.status == 1)
        #expect(run.standardError == "liststate check: 2 documents checked: 1 error, 0 warnings\n")
        let quiet = try CLIRun.check(["--quiet", "--fragment", "body", clean])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty && quiet.standardOutput.isEmpty)
    }

    @Test func unreadableInputWinsOverErrorsButOthersAreStillChecked() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let broken = try scratch.file("broken.html", "<p>x</div>")
        let run = try CLIRun.check(["--fragment", "/nonexistent.html", broken])
        #expect(run.status == 66)
        #expect(run.standardOutput.contains("[stray-end-tag]"))
    }

    @Test func helpExitsZero() throws {
        let run = try CLIRun.check(["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("usage: liststate check"))
    }

    @Test func urlIsFetchedAsPageAndAsFragment() throws {
        var router = Router()
        try router.get("/") { request, _ in
            if request.headers["HX-Request"] == "true" {
                return .html(Array("<li>b</li>\n<li hx-get=\"/?cursor=y\" hx-trigger=\"revealed\" hx-swap=\"outerHTML\"><a href=\"/?cursor=y\">more</a></li>\n".utf8))
            }
            return .html(Array(cleanPage.utf8))
        }
        let server = try CheckTestServer(router)
        defer { server.stop() }
        let run = try CLIRun.check([server.base + "/?cursor=x"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(server.hxRequests == [nil, "true"])
    }

    @Test func brokenFragmentFromURLIsReportedWithItsOwnLabel() throws {
        var router = Router()
        try router.get("/") { request, _ in
            guard request.headers["HX-Request"] == "true" else { return .html(Array(cleanPage.utf8)) }
            // Sent chunked, in two pieces.
            let pieces = Mutex(["<li>b\n<li><span>", "c</li>\n"])
            var response = Response.html([])
            response.stream = ResponseStream {
                pieces.withLock { $0.isEmpty ? .end : .bytes(Array($0.removeFirst().utf8)) }
            }
            return response
        }
        let server = try CheckTestServer(router)
        defer { server.stop() }
        let url = server.base  // no path: named as given, and nothing said of a redirect
        let run = try CLIRun.check([url])
        #expect(run.status == 1)
        #expect(!run.standardError.contains("redirected"))
        #expect(run.standardOutput == "\(url)[HX-Request]:2:5: error: <span> is never closed; </li> at 2:12 ends it implicitly. [unclosed-element]\n")
    }

    @Test func unreachableURLExits69() throws {
        let server = try CheckTestServer(Router())
        server.stop()
        let run = try CLIRun.check([server.base + "/"])
        #expect(run.status == 69)
        #expect(run.standardError.contains("cannot connect"))
    }

    /// Issue 41: the demo's /char/U+2603 is a 308 to /characters/U+2603, and `check` validated
    /// the redirect's own body (no charset). It follows redirects and names where it ended.
    @Test func aRedirectIsFollowedAndTheFinalURLNamed() throws {
        let server = try ServeProcess(["--db", SharedCatalogue.path])
        defer { _ = server.stop() }
        let base = server.url.hasSuffix("/") ? String(server.url.dropLast()) : server.url
        let run = try CLIRun.check([base + "/char/U+2603"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("\(base)/char/U+2603: redirected to \(base)/characters/U+2603\n"))
        #expect(run.standardError.hasSuffix("liststate check: 2 documents checked: no problems\n"))
    }

    /// Issue 41: a sixth redirect is an error (69), after 5 followed.
    @Test func aRedirectLoopIsStoppedAfterFive() throws {
        var router = Router()
        try router.get("/loop") { _, _ in Response(status: 302, headers: ["Location": "/loop"]) }
        let server = try CheckTestServer(router)
        defer { server.stop() }
        let run = try CLIRun.check([server.base + "/loop"])
        #expect(run.status == 69)
        #expect(run.standardError.contains("\(server.base)/loop: stopped after 5 redirects"))
        #expect(server.hxRequests.count == 6)
    }

    /// Issue 41: a URL of another scheme is refused as such, not read as a file name.
    @Test func aURLOfAnotherSchemeIsRefused() throws {
        let run = try CLIRun.check(["ftp://127.0.0.1/page.html"])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("liststate check: ftp://127.0.0.1/page.html: only http:// and https:// URLs can be fetched\n"))
    }
}
