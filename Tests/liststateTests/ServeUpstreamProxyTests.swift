import Foundation
import TestSupport
import Testing

/// The standard proxy variables reach an upstream list's requests: `liststate serve` run as a
/// child process with them in its environment (the test process's own stays untouched, so no
/// other test is proxied), the fake upstream playing the proxy (it answers a request line in
/// absolute form, `GET http://host/path`, and logs it as such).
@Suite struct ServeUpstreamProxyTests {
    /// `serve --config` of an upstream list at `url`, with `environment`; the answer to `/items.json?limit=100`.
    static func answer(url: String, environment: [String: String]) throws -> String {
        let folder = TemporaryFolder.make("proxy")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/site.json"
        let declaration =
            #"{"url": "\#(url)", "rows": "results", "key": "id", "columns": ["name"], "pagination": "next", "limitParameter": "limit"}"#
        try Data(#"{"upstreams": {"items": \#(declaration)}}"#.utf8).write(to: URL(fileURLWithPath: file))
        let server = try ServeProcess(["--config", file], environment: environment)
        defer { _ = server.stop() }
        return server.get("/items.json?limit=100") ?? ""
    }

    /// An upstream whose name does not resolve here is reached through `http_proxy`, which is sent the absolute form.
    @Test func httpProxyCarriesTheRequests() throws {
        let proxy = try UpstreamProcess()
        defer { proxy.stop() }
        let answer = try Self.answer(
            url: "http://upstream.invalid/drf/items",
            environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "", "NO_PROXY": ""])
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("item 01") && answer.contains("item 45"), "\(answer.prefix(300))")
        #expect(try proxy.paths() == ["http://upstream.invalid/drf/items?limit=100"])
    }

    /// A proxy that refuses makes the list unavailable, unless `no_proxy` names the upstream's host.
    @Test(arguments: [("", "HTTP/1.1 503"), ("127.0.0.1", "HTTP/1.1 200")])
    func noProxyNamesTheHostsFetchedDirectly(noProxy: String, status: String) throws {
        let upstream = try UpstreamProcess()
        defer { upstream.stop() }
        let answer = try Self.answer(
            url: "http://127.0.0.1:\(upstream.port)/drf/items",
            environment: ["http_proxy": "http://127.0.0.1:1", "no_proxy": noProxy, "NO_PROXY": ""])
        #expect(answer.hasPrefix(status), "\(answer.prefix(300))")
        #expect(try upstream.paths() == (noProxy.isEmpty ? [] : ["/drf/items?limit=100"]), "directly, in origin form")
    }
}
