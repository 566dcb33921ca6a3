import Foundation
import ListDecision
import Testing

@testable import ListState

/// The JSON configuration file, the Swift builder and the generated stylesheet.
@Suite struct ConfigurationTests {
    private func parse(_ json: String, file: String = "test.json") throws(ConfigurationError) -> [ListConfiguration] {
        try ConfigurationFile.parse(Data(json.utf8), file: file, knownLists: ["characters"])
    }

    private func failure(_ json: String) -> ConfigurationError? {
        do {
            _ = try parse(json)
            return nil
        } catch { return error }
    }

    @Test func fullExampleParses() throws {
        let lists = try parse(
            """
            { "lists": { "characters": {
                "lazy": true, "shouldDisplay": true, "forceDisplay": null,
                "endOfList": {"en": "You have seen them all.", "zh-Hans": "全部看完了。"},
                "placeholders": {
                  "noResults": {
                    "title": {"en": "Nothing matches “{query}”", "zh-Hant": "沒有符合「{query}」的字元"},
                    "detail": "Try another word.",
                    "image": {"src": "illustrations/no-data.svg", "alt": "An empty page", "width": 120, "height": 100, "animation": "pulse"},
                    "button": {"label": "Start over", "request": "link", "style": "secondary"},
                    "background": {"light": "#fff8e1", "dark": "rgb(43, 36, 16)"},
                    "verticalOffset": -24, "spacing": 12, "variant": "subtle",
                    "fadeIn": false, "allowsTouch": false, "allowsScroll": false
                  },
                  "noData": { "layout": "fill", "insets": {"top": 24, "right": 8, "bottom": 24, "left": 8}, "image": false, "button": null },
                  "error": { "partial": "placeholder-body" }
                }
            } } }
            """)
        let list = try #require(lists.first)
        #expect(list.name == "characters" && list.isLazy)
        #expect(list.endOfList?.text(for: "zh-Hans") == "全部看完了。")
        let noResults = list.placeholder(.noResults)
        #expect(noResults.title?.text(for: "zh-Hant") == "沒有符合「{query}」的字元")
        #expect(noResults.title?.text(for: "zh-Hans") == nil)
        #expect(noResults.background == .init(light: CSSColor(red: 0xff, green: 0xf8, blue: 0xe1), dark: CSSColor(red: 43, green: 36, blue: 16)))
        #expect(
            noResults.image
                == .custom(
                    PlaceholderImage(
                        path: "illustrations/no-data.svg", alternativeText: "An empty page",
                        width: 120, height: 100, animation: .pulse)))
        #expect(noResults.button == .custom(PlaceholderButton(label: "Start over", request: .link, style: .secondary)))
        #expect(noResults.variant == .subtle && !noResults.fadesIn && !noResults.allowsTouch && !noResults.allowsScroll)
        #expect(list.placeholder(.noData).layout == .fill && list.placeholder(.noData).image == .hidden)
        #expect(list.placeholder(.error).layout == .custom)
    }

    /// The builder says the same as the file.
    @Test func builderMatchesTheFile() throws {
        let built = ListConfiguration("characters")
            .lazy()
            .placeholder(.noData) { $0.fill(insets: .init(top: 24, right: 8, bottom: 24, left: 8)).withoutImage().withoutButton() }
        let read = try parse(
            """
            {"lists": {"characters": {"lazy": true, "placeholders": {"noData": {"layout": "fill",
             "insets": {"top": 24, "right": 8, "bottom": 24, "left": 8}, "image": false, "button": false}}}}}
            """)
        #expect(read == [built])
    }

    @Test(arguments: [
        (#"{"list": {}}"#, "list", "unknown key"),
        (#"{"lists": {"characters": {"lazzy": true}}}"#, "lists.characters.lazzy", "unknown key"),
        (#"{"lists": {"people": {}}}"#, "lists.people", "no list named"),
        (#"{"lists": {"characters": {"placeholders": {"empty": {}}}}}"#, "lists.characters.placeholders.empty", "unknown key"),
        (##"{"lists": {"characters": {"placeholders": {"noData": {"colour": "#fff"}}}}}"##, "lists.characters.placeholders.noData.colour", "unknown key"),
        (##"{"lists": {"characters": {"placeholders": {"noData": {"background": "#ggg"}}}}}"##, "lists.characters.placeholders.noData.background", "not a colour"),
        (
            #"{"lists": {"characters": {"placeholders": {"noData": {"background": "red; } body { display: none"}}}}}"#, "lists.characters.placeholders.noData.background",
            "not a colour"
        ),
        (
            ##"{"lists": {"characters": {"placeholders": {"noData": {"background": {"light": "#fff", "dark": "url(x)"}}}}}}"##,
            "lists.characters.placeholders.noData.background.dark", "not a colour"
        ),
        (#"{"lists": {"characters": {"lazy": "yes"}}}"#, "lists.characters.lazy", "true or false"),
        (#"{"lists": {"characters": {"forceDisplay": "offline"}}}"#, "lists.characters.forceDisplay", "cannot be forced"),
        (#"{"lists": {"characters": {"forceDisplay": "sometimes"}}}"#, "lists.characters.forceDisplay", "is not one of"),
        (#"{"lists": {"characters": {"placeholders": {"noData": {"verticalOffset": 900}}}}}"#, "lists.characters.placeholders.noData.verticalOffset", "-400 to 400"),
        (#"{"lists": {"characters": {"placeholders": {"noData": {"spacing": 1.5}}}}}"#, "lists.characters.placeholders.noData.spacing", "whole number"),
        (
            #"{"lists": {"characters": {"placeholders": {"noData": {"image": {"src": "../secret.svg"}}}}}}"#, "lists.characters.placeholders.noData.image.src",
            "below the static folder"
        ),
        (
            #"{"lists": {"characters": {"placeholders": {"noData": {"image": {"src": "https://evil.example/x.svg"}}}}}}"#, "lists.characters.placeholders.noData.image.src",
            "below the static folder"
        ),
        (
            #"{"lists": {"characters": {"placeholders": {"noData": {"button": {"href": "//evil.example/"}}}}}}"#, "lists.characters.placeholders.noData.button.href",
            "path on this site"
        ),
        (#"{"lists": {"characters": {"placeholders": {"noData": {"layout": "custom"}}}}}"#, "lists.characters.placeholders.noData.layout", "needs a “partial”"),
        (#"{"lists": {"characters": {"placeholders": {"noData": {"title": {"fr": "Rien"}}}}}}"#, "lists.characters.placeholders.noData.title.fr", "unknown key"),
        (#"{"lists": {"characters": {"placeholders": {"noData": {"insets": {"top": 4}}}}}}"#, "lists.characters.placeholders.noData.insets", "fill layout only"),
        ("{not json", "", "not valid JSON"),
        ("{\n  \"lists\": {}\n  \"server\": {}\n}", "", "not valid JSON (line 3, column 3)"),
        (#"{"lists": {"characters": {"lazy": true}, "characters": {}}}"#, "lists.characters", "named twice"),
    ])
    func badFilesAreRefusedNamingTheKeyAndTheFile(_ json: String, _ key: String, _ message: String) throws {
        let error = try #require(failure(json))
        #expect(error.file == "test.json")
        #expect(error.key == key)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.hasPrefix("test.json: error: "))
    }

    /// An image's `alt` may be empty (a decorative image), where every other text needs words.
    @Test func anEmptyAltIsADecorativeImage() throws {
        let lists = try parse(
            #"{"lists": {"characters": {"placeholders": {"noData": {"image": {"src": "illustrations/no-data.svg", "alt": ""}}}}}}"#)
        guard case .custom(let image) = try #require(lists.first).placeholder(.noData).image else {
            Issue.record("no image")
            return
        }
        #expect(image.alternativeText?.text(for: "en") == "")
    }

    @Test func missingImageOrPartialStopsTheApplication() {
        for (list, key) in [
            (
                ListConfiguration("characters").placeholder(.noData) { $0.image("illustrations/missing.svg") },
                "lists.characters.placeholders.noData.image.src"
            ),
            (
                ListConfiguration("characters").placeholder(.noData) { $0.partial("no-such-partial") },
                "lists.characters.placeholders.noData.partial"
            ),
        ] {
            let configuration = AppConfiguration(lists: [list], configurationFile: "site.json")
            #expect {
                _ = try ListApplication(tables: TableCatalog(), configuration: configuration)
            } throws: { error in
                guard case AppError.configuration(let problem) = error else { return false }
                return problem.file == "site.json" && problem.key == key
            }
        }
    }

    @Test func stylesheetHoldsOnlyValidatedValues() {
        let list = ListConfiguration("characters")
            .placeholder(.noResults) { $0.background(CSSColor(red: 0xff, green: 0xf8, blue: 0xe1)).verticalOffset(-24).spacing(12) }
            .placeholder(.noData) { $0.fill(insets: .init(top: 24, right: 8, bottom: 24, left: 8)).allowsTouch(false).allowsScroll(false) }
            .placeholder(.loading) { $0.title("Wait") }  // no appearance: no rule
        let sheet = PlaceholderStylesheet(lists: [list])
        #expect(sheet.text.contains(".ls-characters-noResults { background-color: #fff8e1; color: #1d1f23;"))
        #expect(sheet.text.contains("padding-top: max(0px, calc(3rem + -24px));"))
        #expect(sheet.text.contains("gap: 12px;"))
        #expect(sheet.text.contains(".ls-characters-noData { padding: 24px 8px 24px 8px; overflow: hidden; overscroll-behavior: contain; pointer-events: none; }"))
        #expect(sheet.text.contains(".ls-characters-noData a, .ls-characters-noData button { pointer-events: auto; }"))
        #expect(sheet.text.contains("@media (prefers-color-scheme: dark)"))
        #expect(!sheet.text.contains("ls-characters-loading"))
        #expect(sheet.entityTag.hasPrefix("\"") && sheet.entityTag == PlaceholderStylesheet(lists: [list]).entityTag)
    }

    /// Whatever background is configured, text, muted text and accent reach 4.5:1 in both schemes (WCAG 2.2 SC 1.4.3).
    @Test(arguments: ["#000000", "#ffffff", "#777777", "#808080", "#ff0000", "#2357c6", "#fff8e1", "#15171b", "#7ea4ff", "#00ff0080"])
    func configuredBackgroundsKeepTextReadable(_ text: String) throws {
        let colour = try #require(CSSColor(parsing: text))
        for scheme in [PlaceholderStylesheet.Scheme.light, .dark] {
            let shown = PlaceholderStylesheet.composite(colour, over: scheme.paper)
            let declarations = PlaceholderStylesheet.colours(colour, on: scheme)
            for name in ["color", "--muted", "--accent"] {
                let value = try #require(declarations.first { $0.hasPrefix(name + ":") }?.split(separator: " ").last?.dropLast())
                let used = try #require(CSSColor(parsing: String(value)))
                #expect(used.contrastRatio(with: shown) >= 4.5, "\(name) \(used) on \(shown)")
            }
        }
    }

    /// The built-in palette meets WCAG 2.2 AA (SC 1.4.3) in the light and the dark scheme.
    @Test func builtInPaletteMeetsContrast() throws {
        let css = String(decoding: try #require(BuiltInResources.staticFiles["liststate.css"]), as: UTF8.self)
        let blocks = css.split(separator: "@media (prefers-color-scheme: dark)", maxSplits: 1)
        for block in [blocks[0], blocks[1]] {
            var palette: [String: CSSColor] = [:]
            for line in block.split(separator: "\n").prefix(20) {
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":")
                guard parts.count == 2, parts[0].hasPrefix("--"),
                    let colour = CSSColor(parsing: parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ;")))
                else { continue }
                palette[String(parts[0])] = colour
            }
            for (text, background) in [
                ("--ink", "--paper"), ("--ink", "--panel"), ("--muted", "--paper"), ("--muted", "--panel"),
                ("--accent", "--paper"), ("--accent", "--panel"), ("--accent-ink", "--accent"),
                ("--warn", "--paper"), ("--warn-ink", "--warn-panel"),
            ] {
                let a = try #require(palette[text], "\(text)")
                let b = try #require(palette[background], "\(background)")
                #expect(a.contrastRatio(with: b) >= 4.5, "\(text) on \(background): \(a.contrastRatio(with: b))")
            }
        }
    }
}
