// `liststate check`, run as a subprocess: the built binary sits beside the test bundle.
import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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
        #expect(try CLIRun.check(["https://example.invalid/"]).status == 2)
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
        let server = try LoopbackServer { request in
            if request.lowercased().contains("hx-request: true") {
                return "<li>b</li>\n<li hx-get=\"/?cursor=y\" hx-trigger=\"revealed\" hx-swap=\"outerHTML\"><a href=\"/?cursor=y\">more</a></li>\n"
            }
            return cleanPage
        }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/?cursor=x"
        let run = try CLIRun.check([url])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(server.requests.count == 2)
        #expect(server.requests.filter { $0.lowercased().contains("hx-request: true") }.count == 1)
    }

    @Test func brokenFragmentFromURLIsReportedWithItsOwnLabel() throws {
        let server = try LoopbackServer(chunked: true) { request in
            request.lowercased().contains("hx-request: true") ? "<li>b\n<li><span>c</li>\n" : cleanPage
        }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/"
        let run = try CLIRun.check([url])
        #expect(run.status == 1)
        #expect(run.standardOutput == "\(url)[HX-Request]:2:5: error: <span> is never closed; </li> at 2:12 ends it implicitly. [unclosed-element]\n")
    }

    @Test func unreachableURLExits69() throws {
        let server = try LoopbackServer { _ in "" }
        let port = server.port
        server.stop()
        let run = try CLIRun.check(["http://127.0.0.1:\(port)/"])
        #expect(run.status == 69)
        #expect(run.standardError.contains("cannot connect"))
    }
}

/// A one-thread HTTP/1.1 server on 127.0.0.1, port 0, answering every request with `respond`.
final class LoopbackServer: Sendable {
    let port: Int
    private let descriptor: Int32
    private let received = Mutex<[String]>([])
    private let stopped = Atomic<Bool>(false)

    /// The raw request heads received so far.
    var requests: [String] { received.withLock { $0 } }

    init(chunked: Bool = false, respond: @escaping @Sendable (String) -> String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        try #require(bound == 0 && listen(listener, 16) == 0)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        descriptor = listener
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var head = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !head.ends(with: [13, 10, 13, 10]) {
                    let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    head += buffer[0..<count]
                }
                let request = String(decoding: head, as: UTF8.self)
                received.withLock { $0.append(request) }
                let body = Array(respond(request).utf8)
                var response = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n"
                var payload = body
                if chunked {
                    response += "Transfer-Encoding: chunked\r\n\r\n"
                    let half = body.count / 2
                    payload =
                        Array("\(String(half, radix: 16))\r\n".utf8) + body[..<half] + Array("\r\n".utf8)
                        + Array("\(String(body.count - half, radix: 16))\r\n".utf8) + body[half...] + Array("\r\n0\r\n\r\n".utf8)
                } else {
                    response += "Content-Length: \(body.count)\r\n\r\n"
                }
                let bytes = Array(response.utf8) + payload
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(connection)
            }
        }
        thread.start()
    }

    /// Stops accepting; the port is closed when this returns.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
