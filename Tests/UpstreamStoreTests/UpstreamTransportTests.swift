import Foundation
import HTTPFetch
import TestSupport
import Testing

@testable import ListState
@testable import UpstreamStore

/// How lists reach their upstream: the pages of a walk over one kept connection (HTTP and
/// HTTPS), TLS verified (a self-signed upstream refused, accepted with its `caFile`).
@Suite struct UpstreamTransportTests {
    /// Five pages (45 rows, 10 a page) and the row pages after them: every request on one connection.
    /// A fresh handle per fetch (the client before connections were kept) opened one per page.
    @Test func theUpstreamsPagesComeOverOneKeptConnection() async throws {
        let upstream = try TestUpstream()
        defer { upstream.stop() }
        let server = try UpstreamSourceTests.serve(upstream)
        let walk = await Pages.walk(server, query: "limit=10")
        #expect(walk.ids == UpstreamSourceTests.all)
        let connections = try await upstream.connections()
        #expect(connections.count == 5 && Set(connections).count == 1, "\(connections)")

        // The same pages with a new connection each: what each list did before.
        for offset in stride(from: 0, to: 45, by: 10) {
            let url = upstream.origin + "/drf/items?limit=10&offset=\(offset)"
            #expect(try await onOwnThread { try Fetcher().fetch(FetchRequest(url: url)) }.status == 200)
        }
        let fresh = try await upstream.connections().suffix(5)
        #expect(Set(fresh).count == 5 && Set(fresh).isDisjoint(with: connections), "\(fresh)")
    }

    /// HTTPS with a certificate no system authority signed: refused (the configuration's fault, an
    /// error, the log saying "certificate", nothing requested), then walked with `caFile`, its
    /// pages over one TLS connection.
    @Test func aSelfSignedUpstreamIsRefusedUnlessItsCAFileIsDeclared() async throws {
        let certificate = try TestCertificate()
        defer { certificate.remove() }
        let upstream = try TestUpstream(certificate: certificate)
        defer { upstream.stop() }

        let log = UpstreamSourceTests.Log()
        let refusing = try UpstreamSourceTests.serve(upstream, log: log)
        let page = await Pages.get(refusing, "/items")
        #expect(page.status >= 500 && page.status != 503 && Pages.text(page).contains("placeholder-error"), "\(page.status)")
        #expect(log.text.contains("certificate"), "\(log.text)")
        #expect(!Pages.text(page).contains("certificate"), "the cause is in the log, not on the page")
        #expect(try await upstream.requests().isEmpty, "nothing was sent over an unverified connection")

        let trusting = try UpstreamSourceTests.serve(upstream, extra: #", "caFile": "\#(certificate.certificate)""#)
        let walk = await Pages.walk(trusting, query: "limit=10")
        #expect(walk.ids == UpstreamSourceTests.all && walk.status == 200, "\(walk.last.prefix(300))")
        let connections = try await upstream.connections()
        #expect(connections.count == 5 && Set(connections).count == 1, "one TLS handshake: \(connections)")
    }

    /// Another certificate authority's file does not vouch for this upstream: the file replaces
    /// the trusted authorities, it does not turn verification off.
    @Test func aCAFileOfAnotherAuthorityIsRefused() async throws {
        let certificate = try TestCertificate()
        let other = try TestCertificate()
        defer {
            certificate.remove()
            other.remove()
        }
        let upstream = try TestUpstream(certificate: certificate)
        defer { upstream.stop() }
        let log = UpstreamSourceTests.Log()
        let server = try UpstreamSourceTests.serve(upstream, extra: #", "caFile": "\#(other.certificate)""#, log: log)
        let page = await Pages.get(server, "/items")
        #expect(page.status >= 500 && page.status != 503 && Pages.text(page).contains("placeholder-error"), "\(page.status)")
        #expect(log.text.contains("certificate"), "\(log.text)")
    }
}
