import TestSupport
import Testing

@testable import liststate

/// docs/reference/configuration.md, "Server settings", names each of `serve`'s
/// settings (``ServeSettings/all``) by its file key, flag and environment
/// variable, and no other.
@Suite struct SettingsReferenceTests {
    @Test func theTableIsTheSettingsOwn() throws {
        let rows = try ReferencePage("configuration.md").tableRows(under: "Server settings")
        let documented = rows.map { row in row.prefix(3).map { ReferencePage.codeSpans($0).first ?? "—" } }
        // `--config` names the file, so the file has no key for it.
        let settings = ServeSettings.all.map { setting in
            [setting.name == "config" ? "—" : "server." + setting.fileKey, setting.flag, setting.environmentVariable]
        }
        #expect(documented == settings)
    }
}
