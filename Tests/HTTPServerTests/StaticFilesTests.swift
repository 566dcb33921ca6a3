import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// Static files: layers, media types, ETag/304 (RFC 9110 §13), traversal.
@Suite struct StaticFilesTests {
    /// A temporary tree:
    ///     root/secret.txt                 outside the static folder
    ///     root/override/site.css          beats the built-in site.css
    ///     root/override/dir/              a directory
    ///     root/override/inside.txt ->  site.css      (stays inside: allowed)
    ///     root/override/escape.txt ->  ../secret.txt (leaves: 404)
    ///     root/override/etc        ->  /etc          (leaves: 404)
    struct Tree {
        let root: String
        let override: String

        init() throws {
            root = TemporaryFolder.make("static")
            override = root + "/override"
            let files = FileManager.default
            try files.createDirectory(atPath: override + "/dir", withIntermediateDirectories: true)
            try Data("TOP SECRET".utf8).write(to: URL(fileURLWithPath: root + "/secret.txt"))
            try Data("body{color:red}".utf8).write(to: URL(fileURLWithPath: override + "/site.css"))
            try Data("SECRET=TOP SECRET".utf8).write(to: URL(fileURLWithPath: override + "/.env"))
            try files.createDirectory(atPath: override + "/.git", withIntermediateDirectories: true)
            try Data("TOP SECRET".utf8).write(to: URL(fileURLWithPath: override + "/.git/config"))
            try files.createSymbolicLink(atPath: override + "/inside.txt", withDestinationPath: "site.css")
            try files.createSymbolicLink(atPath: override + "/escape.txt", withDestinationPath: "../secret.txt")
            try files.createSymbolicLink(atPath: override + "/etc", withDestinationPath: "/etc")
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let builtIn: [String: [UInt8]] = [
        "site.css": Array("built-in css".utf8),
        "app.js": Array("console.log(1)".utf8),
        "img/logo.svg": Array("<svg/>".utf8),
        "manifest.webmanifest": Array("{}".utf8),
        "secret.txt": Array("built-in public".utf8),
    ]

    func withStaticServer(_ body: (RawHTTPClient, Tree) throws -> Void) throws {
        let tree = try Tree()
        defer { tree.remove() }
        var router = try sampleRouter()
        try router.addStaticFiles(StaticFiles(prefix: "/static/", overrideDirectory: tree.override, builtIn: Self.builtIn, cacheControl: "public, max-age=60"))
        try withServer(router: router) { _, port in
            try body(RawHTTPClient(port: port), tree)
        }
    }

    @Test func servesBuiltInWithTypeETagAndCacheControl() throws {
        try withStaticServer { client, _ in
            try client.request("GET", "/static/app.js")
            let js = try client.readResponse()
            #expect(js.status == 200)
            #expect(js.bodyText == "console.log(1)")
            #expect(js.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(js.header("Cache-Control") == "public, max-age=60")
            #expect(js.header("ETag")?.hasPrefix("\"") == true)
            try client.request("GET", "/static/img/logo.svg")
            #expect(try client.readResponse().header("Content-Type") == "image/svg+xml")
            try client.request("GET", "/static/manifest.webmanifest")
            #expect(try client.readResponse().header("Content-Type") == "application/manifest+json")
        }
    }

    @Test func overrideDirectoryBeatsBuiltIn() throws {
        try withStaticServer { client, _ in
            try client.request("GET", "/static/site.css")
            let css = try client.readResponse()
            #expect(css.bodyText == "body{color:red}")
            #expect(css.header("Content-Type") == "text/css; charset=utf-8")
            // A symlink that stays inside the folder is fine.
            try client.request("GET", "/static/inside.txt")
            #expect(try client.readResponse().bodyText == "body{color:red}")
        }
    }

    @Test func conditionalRequestsGet304() throws {
        try withStaticServer { client, _ in
            try client.request("GET", "/static/app.js")
            let tag = try #require(try client.readResponse().header("ETag"))
            for condition in [tag, "\"nope\", \(tag)", "*", "W/\(tag)"] {
                try client.request("GET", "/static/app.js", headers: ["If-None-Match: \(condition)"])
                let response = try client.readResponse()
                #expect(response.status == 304, "If-None-Match: \(condition)")
                #expect(response.header("ETag") == tag)
                #expect(response.header("Cache-Control") == "public, max-age=60")
            }
            try client.request("GET", "/static/app.js", headers: ["If-None-Match: \"other\""])
            #expect(try client.readResponse().status == 200)
            try client.request("HEAD", "/static/app.js", headers: ["If-None-Match: \(tag)"])
            #expect(try client.readResponse(bodyless: true).status == 304)
        }
    }

    @Test func headOfAFileHasItsLengthAndNoBody() throws {
        try withStaticServer { client, _ in
            try client.request("HEAD", "/static/app.js")
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "14")
            try client.request("GET", "/")
            #expect(try client.readResponse().bodyText == "home")
        }
    }

    @Test(arguments: [
        "/static/../secret.txt",
        "/static/%2e%2e/secret.txt",
        "/static/%2E%2E/secret.txt",
        "/static/..%2fsecret.txt",
        "/static/%2e%2e%2fsecret.txt",
        "/static/..%5csecret.txt",
        "/static/.%2e/.%2e/secret.txt",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/static/site.css%00.png",
        "/static/escape.txt",
        "/static/etc/passwd",
        "/static/etc/hostname",
        "/static/dir",
        "/static/dir/",
        "/static/",
        "/static/./app.js",
        "/static/missing.css",
        "/static/.env",
        "/static/.git/config",
        "/static/%2egit/config",
    ])
    func traversalAndNonFilesAre404(target: String) throws {
        try withStaticServer { client, _ in
            try client.request("GET", target)
            let response = try client.readResponse()
            #expect(response.status == 404, "\(target)")
            #expect(!response.bodyText.contains("TOP SECRET"))
            #expect(!response.bodyText.contains("root:"))
        }
    }

    @Test func mediaTypes() {
        #expect(MediaTypes.contentType(forPath: "a/b.CSS") == "text/css; charset=utf-8")
        #expect(MediaTypes.contentType(forPath: "x.woff2") == "font/woff2")
        #expect(MediaTypes.contentType(forPath: "favicon.ico") == "image/vnd.microsoft.icon")
        #expect(MediaTypes.contentType(forPath: "data.json") == "application/json")
        #expect(MediaTypes.contentType(forPath: "README") == MediaTypes.fallback)
        #expect(MediaTypes.contentType(forPath: ".hidden") == MediaTypes.fallback)
    }
}
