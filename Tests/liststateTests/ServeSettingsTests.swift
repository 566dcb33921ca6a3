import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Issue 16, part 2: every `serve` option also comes from the environment
/// (`LISTSTATE_…`) and from the configuration file's `server` object, with
/// flags > environment > file > defaults; a bad value names its source;
/// `/-/settings.json` shows each value and its source, `/-/versions.json` the versions.
@Suite struct ServeSettingsTests {
    /// A folder with a one-table database and, when given, a configuration file.
    struct Site {
        let folder = TemporaryFolder.make("settings")
        var database: String { folder + "/shop.sqlite" }
        var configuration: String { folder + "/site.json" }

        init(configuration json: String? = nil) throws {
            try SQLiteConnection(path: database, readOnly: false).execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            if let json { try Data(json.utf8).write(to: URL(fileURLWithPath: configuration)) }
        }
    }

    /// The `/-/settings.json` body's object for `name`, as text (`{"value": …, "source": "…"}`).
    static func setting(_ answer: String, _ name: String) throws -> [String: Any] {
        let body = try #require(answer.range(of: "\r\n\r\n").map { answer[$0.upperBound...] })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        return try #require((json["settings"] as? [String: Any])?[name] as? [String: Any], "no setting \(name)")
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheFile() throws {
        // 2.0 is the whole number 2 (found by QA: it was refused).
        let site = try Site(configuration: #"{"server": {"queryTimeout": 1.5, "clientTimeout": 3, "dev": true, "drainLimit": 7, "threads": 2.0}}"#)
        let server = try ServeProcess(
            ["--config", site.configuration, "--client-timeout", "5", "--retry-after", "2", site.database],
            environment: ["LISTSTATE_QUERY_TIMEOUT": "0.7", "LISTSTATE_CLIENT_TIMEOUT": "4"])
        defer { _ = server.stop() }
        let answer = try #require(server.get("/-/settings.json"))
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains("Content-Type: application/json; charset=utf-8"))
        let expected: [(String, Double, String)] = [
            ("queryTimeout", 0.7, "environment"), ("clientTimeout", 5, "flag"),
            ("drainLimit", 7, "file"), ("idleTimeout", 30, "default"), ("retryAfter", 2, "flag"),
        ]
        for (name, value, source) in expected {
            let setting = try Self.setting(answer, name)
            #expect(setting["value"] as? Double == value, "\(name)")
            #expect(setting["source"] as? String == source, "\(name)")
        }
        #expect(try Self.setting(answer, "dev")["value"] as? Bool == true)
        #expect(try Self.setting(answer, "threads")["value"] as? Double == 2)
        #expect(try Self.setting(answer, "databases")["value"] as? [String] == [site.database])
        // The settings are in effect, not only shown: the pages' client timeout and the gallery of --dev.
        #expect(server.get("/t")?.contains(#""timeout":5000"#) == true)
        #expect(server.get("/-/states")?.hasPrefix("HTTP/1.1 200") == true)
    }

    @Test func aDatabaseURLFromTheEnvironmentNeverShowsItsPassword() throws {
        let site = try Site()
        // Port 1 on the loopback refuses at once: the server starts without that database's lists.
        let url = "postgresql://reader:s3cret@127.0.0.1:1/shop?connect_timeout=2"
        let server = try ServeProcess([site.database], environment: ["LISTSTATE_DATABASE_URL": url])
        let answer = try #require(server.get("/-/settings.json"))
        #expect(try Self.setting(answer, "databaseUrl")["value"] as? String == "postgresql://reader@127.0.0.1:1/shop")
        #expect(try Self.setting(answer, "databaseUrl")["source"] as? String == "environment")
        #expect(try Self.setting(answer, "databases")["value"] as? [String] == [site.database, "postgresql://reader@127.0.0.1:1/shop"])
        #expect(server.get("/t")?.hasPrefix("HTTP/1.1 200") == true, "the file's lists are served")
        #expect(server.get("/-/readyz")?.hasPrefix("HTTP/1.1 503") == true, "the server's lists are not read yet")
        #expect(server.get("/nothing")?.hasPrefix("HTTP/1.1 503") == true)
        _ = server.stop()
        #expect(server.errorText.contains("postgresql://reader@127.0.0.1:1/shop cannot be read now"))
        for text in [answer, server.errorText, server.outputText] { #expect(!text.contains("s3cret")) }
    }

    @Test func aBadDatabaseURLIsRefusedWithoutEchoingIt() throws {
        let site = try Site()
        let run = try CLIRun.run(
            ["serve", site.database], environment: ["LISTSTATE_DATABASE_URL": "postgresql://reader:TopSecret@[db.example.org/shop"])
        #expect(run.status == 78)
        #expect(run.standardError.contains("LISTSTATE_DATABASE_URL=…: is not a PostgreSQL connection string"))
        #expect(!run.standardError.contains("TopSecret") && !run.standardOutput.contains("TopSecret"))
    }

    @Test func aBadValueNamesItsSource() throws {
        let site = try Site(configuration: #"{"server": {"port": "eighty"}}"#)
        let file = try CLIRun.run(["serve", "--config", site.configuration, site.database])
        #expect(file.status == 78)
        #expect(file.standardError.contains("\(site.configuration): error: server.port: must be a number from 0 to 65535"))
        let unknown = try Site(configuration: #"{"server": {"colour": "red"}}"#)
        let key = try CLIRun.run(["serve", "--config", unknown.configuration, unknown.database])
        #expect(key.status == 78 && key.standardError.contains("server.colour: unknown key"))
        let variable = try CLIRun.run(["serve", site.database], environment: ["LISTSTATE_QUERY_TIMEOUT": "soon"])
        #expect(variable.status == 78)
        #expect(variable.standardError.contains("LISTSTATE_QUERY_TIMEOUT=soon: must be a number of seconds from 0.01 to 600"))
        let cors = try CLIRun.run(["serve", "--cors", "example.org/path", site.database])
        #expect(cors.status == 2 && cors.standardError.contains("--cors must be * or an origin"))
        // Found by QA: a hexadecimal float was read as seconds, and a missing --static folder went unnoticed.
        #expect(try CLIRun.run(["serve", "--query-timeout", "0x10", site.database]).status == 2)
        let missing = try CLIRun.run(["serve", "--static", site.folder + "/nope", site.database])
        #expect(missing.status == 2 && missing.standardError.contains("--static must name a folder"))
        let flag = try CLIRun.run(["serve", "--query-timeout", "soon", site.database])
        #expect(flag.status == 2 && flag.standardError.hasPrefix("liststate serve: --query-timeout must be a number"))
    }

    @Test func theConfigurationFileCanComeFromTheEnvironment() throws {
        let site = try Site(configuration: #"{"server": {"responseCache": 9}}"#)
        let server = try ServeProcess([site.database], environment: ["LISTSTATE_CONFIG": site.configuration])
        defer { _ = server.stop() }
        let answer = try #require(server.get("/-/settings.json"))
        #expect(try Self.setting(answer, "responseCache")["value"] as? Double == 9)
        #expect(try Self.setting(answer, "config")["source"] as? String == "environment")
    }

    @Test func versionsAreServed() throws {
        let site = try Site()
        let server = try ServeProcess([site.database])
        defer { _ = server.stop() }
        let answer = try #require(server.get("/-/versions.json"))
        let body = try #require(answer.range(of: "\r\n\r\n").map { answer[$0.upperBound...] })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
        #expect(Set(json.keys) == ["liststate", "libmicrohttpd", "sqlite", "libxml2"])
        #expect(json["sqlite"] == SQLiteLibrary.version)
    }
}

/// Issue 16, part 3: the access log's two formats, chosen like any setting.
@Suite struct AccessLogOutputTests {
    @Test func combinedByDefaultAndJSONOnRequest() throws {
        let site = try ServeSettingsTests.Site()
        let combined = try ServeProcess([site.database])
        _ = combined.get("/t?x=1")
        #expect(combined.stop() == 0)
        let line = try #require(combined.outputText.split(separator: "\n").first { $0.contains("/t?x=1") })
        #expect(
            line.range(
                of: #"^127\.0\.0\.1 - - \[\d\d/\w\w\w/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET /t\?x=1 HTTP/1\.1" 200 \d+ "-" "-"$"#,
                options: .regularExpression) != nil, "\(line)")
        let json = try ServeProcess([site.database], environment: ["LISTSTATE_LOG_FORMAT": "json"])
        _ = json.get("/t")
        #expect(json.stop() == 0)
        let object = try #require(
            json.outputText.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["path"] as? String == "/t" })
        #expect(object["status"] as? Int == 200 && (object["request_id"] as? String)?.count == 16)
        let lines = json.outputText.split(separator: "\n")
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "every line is JSON")
    }
}
