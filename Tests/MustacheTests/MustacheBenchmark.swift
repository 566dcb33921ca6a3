// A benchmark of the engine: a 50-row list page with a row partial.

import Foundation
import Mustache

/// The engine's benchmark, run by `BenchmarkTests` with `LISTSTATE_BENCH=1`:
/// renders a list page built like ListState's (a layout through `{{<layout}}`, a list
/// template, one `{{>row}}` partial per row, escaped titles) and reports the median
/// time per render.
enum MustacheBenchmark {
    /// What one benchmark run measured.
    struct Result: Sendable, CustomStringConvertible {
        /// Rows on the page.
        let rows: Int
        /// How the rows were given.
        let rowKind: RowKind
        /// Renders timed.
        let iterations: Int
        /// The median wall time of one render, in microseconds.
        let medianMicroseconds: Double
        /// Bytes of output per render.
        let outputBytes: Int

        /// `50 object rows, 17486 bytes: median 31.2 µs per render (2000 renders)`.
        var description: String {
            let median = (medianMicroseconds * 10).rounded() / 10
            return "\(rows) \(rowKind) rows, \(outputBytes) bytes: median \(median) µs per render (\(iterations) renders)"
        }
    }

    /// The templates of the benchmark page, by name.
    static let sources: [String: String] = [
        "layout": """
        <!DOCTYPE html>
        <html lang="{{locale}}">
        <head>
          <meta charset="utf-8">
          <title>{{$title}}ListState{{/title}}</title>
          <link rel="stylesheet" href="/static/list.css">
          <script src="/static/list.js" defer></script>
        </head>
        <body>
          <main>
            {{$content}}
            {{/content}}
          </main>
          <div role="status" id="announce">{{announcement}}</div>
        </body>
        </html>

        """,
        "list": """
        {{<layout}}
        {{$title}}{{heading}} · ListState{{/title}}
        {{$content}}
        <section id="list">
          <h1>{{heading}}</h1>
          {{#hasRows}}
          <ol id="rows">
            {{#rows}}
            {{>row}}
            {{/rows}}
            {{#footer}}
            <li class="footer" hx-get="{{next}}" hx-trigger="revealed" hx-swap="outerHTML"><a href="{{next}}">Load more</a></li>
            {{/footer}}
          </ol>
          {{/hasRows}}
          {{^hasRows}}
          {{>empty}}
          {{/hasRows}}
        </section>
        {{/content}}
        {{/layout}}

        """,
        "row": """
        <li id="u{{hex}}" class="row{{#emoji}} emoji{{/emoji}}"><a href="/c/{{hex}}" title="{{name}}"><span class="glyph">{{glyph}}</span> <span class="name">{{name}}</span></a> <span class="meta">U+{{hex}} · {{category}} · {{age}}</span></li>

        """,
        "empty": """
        <div class="placeholder"><p>{{emptyText}}</p></div>

        """,
    ]

    /// How the benchmark's rows are given to the engine.
    enum RowKind: Sendable {
        /// Each row a `[String: MustacheValue]` dictionary (as from JSON or literals).
        case dictionary
        /// Each row a server type conforming to ``MustacheObject`` (a `switch` on the key).
        case object
    }

    /// A row as a server type would expose it.
    struct Row: MustacheObject {
        let hex: String
        let glyph: String
        let name: String
        let category: String
        let age: Double
        let isEmoji: Bool

        func mustacheValue(forKey key: String) -> MustacheValue? {
            switch key {
            case "hex": .string(hex)
            case "glyph": .string(glyph)
            case "name": .string(name)
            case "category": .string(category)
            case "age": .double(age)
            case "emoji": .bool(isEmoji)
            default: nil
            }
        }
    }

    /// The context of the benchmark page: `rows` rows whose names need escaping.
    static func context(rows: Int, rowKind: RowKind = .dictionary) -> MustacheValue {
        var list: [MustacheValue] = []
        list.reserveCapacity(rows)
        for index in 0..<rows {
            let code = 0x1F600 + index
            let hex = String(code, radix: 16, uppercase: true)
            let row = Row(
                hex: hex, glyph: String(Character(Unicode.Scalar(UInt32(code)) ?? "?")),
                name: "GRINNING FACE <\(index)> & \"FRIENDS\" WITH 'SMILING' EYES",
                category: "So", age: 6.1, isEmoji: index % 3 == 0)
            switch rowKind {
            case .object:
                list.append(.object(row))
            case .dictionary:
                list.append([
                    "hex": .string(row.hex), "glyph": .string(row.glyph), "name": .string(row.name),
                    "category": .string(row.category), "age": .double(row.age), "emoji": .bool(row.isEmoji),
                ])
            }
        }
        return [
            "locale": "en",
            "heading": "Unicode characters & <symbols>",
            "hasRows": .bool(rows > 0),
            "rows": .array(list),
            "footer": ["next": "/?cursor=eyJjIjoxMjh9&limit=50"],
            "announcement": .string("\(rows) rows"),
            "emptyText": "Nothing here",
        ]
    }

    /// Renders the benchmark page `iterations` times (after a warm-up) and returns the
    /// median time per render.
    ///
    /// - Throws: A ``MustacheError`` if the benchmark templates do not load (a bug).
    /// - Complexity: O(iterations × rows).
    static func run(rows: Int = 50, iterations: Int = 2000, rowKind: RowKind = .dictionary) throws -> Result {
        let library = try TemplateLibrary(sources: sources, strict: true)
        let context = context(rows: rows, rowKind: rowKind)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32 * 1024)
        for _ in 0..<max(10, iterations / 10) {
            buffer.removeAll(keepingCapacity: true)
            try library.render("list", context, into: &buffer)
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<max(1, iterations) {
            let start = clock.now
            var output: [UInt8] = []
            output.reserveCapacity(buffer.count + 1024)
            try library.render("list", context, into: &output)
            let elapsed = clock.now - start
            let parts = elapsed.components
            samples.append(Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12)
            buffer = output
        }
        samples.sort()
        return Result(
            rows: rows, rowKind: rowKind, iterations: samples.count,
            medianMicroseconds: samples[samples.count / 2], outputBytes: buffer.count)
    }
}
