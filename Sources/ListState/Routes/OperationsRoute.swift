import HTTPServer
import ListStore
import MarkupValidation

/// `GET /-/settings.json` and `GET /-/versions.json`: what the running server
/// was started with, and on what, for the people who run it.
///
/// - `/-/settings.json`: `{"settings": {NAME: {"value": …, "source": "default" |
///   "file" | "environment" | "flag"}, …}}`, every `liststate serve` setting
///   by its configuration-file key (none is a secret today; a database
///   password, when one can be set, must not be shown here).
/// - `/-/versions.json`: `{"liststate": "0.1.0", "libmicrohttpd": "0.9.75",
///   "sqlite": "3.40.1", "libxml2": "2.9.14"}`, the libraries as they report
///   themselves at run time.
struct OperationsRoute: Sendable {
    static let settingsPath = "/-/settings.json"
    static let versionsPath = "/-/versions.json"

    /// The settings, as `AppConfiguration.settings` gives them.
    let settings: [EffectiveSetting]

    func settingsResponse() -> Response {
        var json = JSONWriter()
        json.raw("{\"settings\": {")
        for (index, setting) in settings.enumerated() {
            if index > 0 { json.raw(", ") }
            json.key(setting.name)
            json.raw("{")
            json.key("value")
            switch setting.value {
            case .none: json.raw("null")
            case .bool(let flag): json.raw(flag ? "true" : "false")
            case .number(let number):
                json.raw(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : SQLValue.shortestText(number))
            case .text(let text): json.string(text)
            case .texts(let texts): json.strings(texts)
            }
            json.raw(", ")
            json.key("source")
            json.string(setting.source.rawValue)
            json.raw("}")
        }
        json.raw("}}\n")
        return Self.json(json.bytes)
    }

    static func versionsResponse() -> Response {
        var json = JSONWriter()
        json.raw("{")
        let versions = [
            ("liststate", ProductVersion.current), ("libmicrohttpd", Server.libraryVersion),
            ("sqlite", SQLiteLibrary.version), ("libxml2", MarkupValidator.libraryVersion),
        ]
        for (index, (name, version)) in versions.enumerated() {
            if index > 0 { json.raw(", ") }
            json.key(name)
            json.string(version)
        }
        json.raw("}\n")
        return Self.json(json.bytes)
    }

    /// A JSON answer that no cache keeps (a restart may change it).
    private static func json(_ body: [UInt8]) -> Response {
        Response(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"],
            body: body)
    }
}
