// swift-tools-version: 6.1
//
// ListState: a Swift server that renders HTML list pages from Mustache templates.
// The module map is in docs/design.md (and README.md). C libraries come from
// Debian through system-library targets; nothing is fetched.
import PackageDescription

let package = Package(
    name: "ListState",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "liststate", targets: ["liststate"]),
        // The library a developer imports (docs/library.md): lists over their own data.
        .library(name: "ListState", targets: ["ListState"]),
        // For the fuzz harnesses in Fuzz/ (a separate package that depends on this one by
        // path); not offered to developers, whose one import is `ListState`.
        .library(name: "ListDecision", targets: ["ListDecision"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "ListStore", targets: ["ListStore"]),
        // The markup checker, for the tests of the examples in Examples/ (a separate package
        // that depends on this one by path): every page they fetch is validated with it.
        // Not library API.
        .library(name: "MarkupValidation", targets: ["MarkupValidation"]),
    ],
    // PostgreSQL (on by default) loads libpq when a PostgreSQL database is served;
    // `swift build --disable-default-traits` builds a server of SQLite files alone.
    traits: [
        .trait(name: "PostgreSQL", description: "Serve PostgreSQL databases (module PostgreSQLStore, libpq)"),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    targets: [
        // MARK: C libraries (one system-library target each)
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libpq's header only: the library is loaded when a PostgreSQL database is
        // first served (CLibPQLoader), so a server of SQLite files maps none of it.
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        .target(name: "CLibPQLoader", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libcurl's header only: the library is loaded when an upstream list first
        // fetches (CCurlLoader), so a server of database files maps none of it.
        .target(name: "CCurlLoader", linkerSettings: [.linkedLibrary("dl")]),

        // MARK: Swift modules
        .target(name: "ListDecision"),
        .target(name: "Mustache"),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "ListStore", dependencies: ["CSQLite"]),
        .target(name: "PostgreSQLStore", dependencies: ["CLibPQ", "CLibPQLoader", "ListStore"]),
        .target(name: "MarkupValidation", dependencies: ["CLibXML2"]),
        .target(name: "HTTPFetch", dependencies: ["CCurlLoader"]),
        .target(
            name: "ListState",
            dependencies: ["ListDecision", "Mustache", "HTTPServer", "ListStore", "MarkupValidation"],
            plugins: ["EmbedResources"]
        ),
        // The demo list, every named Unicode character, made with the library's list API
        // (ListDefinition, RowPresenter, ListWords, own templates); its hand-tuned row writer and
        // file builder also use package helpers (docs/design.md, "Modules").
        .target(
            name: "ListCatalogue",
            dependencies: ["ListState"],
            exclude: ["Templates"],
            plugins: ["EmbedResources"]
        ),
        // Lists over an upstream JSON API declared in the configuration (docs/upstream.md).
        .target(name: "UpstreamStore", dependencies: ["ListStore", "HTTPFetch", "Mustache"]),
        .executableTarget(
            name: "liststate",
            dependencies: [
                "ListState", "ListCatalogue", "Mustache", "MarkupValidation", "HTTPServer", "ListStore", "HTTPFetch", "UpstreamStore",
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),

        // MARK: Benchmark (`make bench`; see BENCHMARKS.md)
        // The server of the hung-source reliability scenario (Tests/reliability/hungsource.py).
        .executableTarget(name: "reliability-host", dependencies: ["ListState", "ListStore"], path: "Tests/ReliabilityHost"),
        .executableTarget(
            name: "liststate-bench",
            dependencies: ["ListState", "ListCatalogue", "ListDecision", "ListStore", "Mustache"],
            path: "Benchmarks/liststate-bench"
        ),

        // MARK: Build tools
        // Embeds Templates/ and Static/ into the ListState module (a target's own
        // Templates/ folder into it, for ListCatalogue), so the built-in templates
        // and assets are found wherever the binary is started from.
        .executableTarget(name: "embed-resources", path: "Plugins/EmbedResourcesTool"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),

        // MARK: Tests (mirror Sources/)
        .testTarget(name: "ListDecisionTests", dependencies: ["ListDecision"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .target(name: "TestSupport", dependencies: ["ListStore"], path: "Tests/TestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "ListStoreTests", dependencies: ["ListStore", "ListCatalogue", "TestSupport"]),
        .testTarget(name: "PostgreSQLStoreTests", dependencies: ["PostgreSQLStore", "ListStore", "TestSupport"]),
        .testTarget(name: "MarkupValidationTests", dependencies: ["MarkupValidation"], resources: [.copy("Corpus")]),
        .testTarget(
            name: "ListStateTests",
            dependencies: ["ListState", "ListCatalogue", "MarkupValidation", "HTTPServer", "ListStore", "TestSupport"]),
        .testTarget(
            name: "ListCatalogueTests",
            dependencies: ["ListCatalogue", "ListState", "MarkupValidation", "HTTPServer", "ListStore", "TestSupport"]),
        .testTarget(name: "HTTPFetchTests", dependencies: ["HTTPFetch", "HTTPServer", "TestSupport"]),
        .testTarget(
            name: "UpstreamStoreTests",
            dependencies: [
                "UpstreamStore", "ListState", "ListStore", "Mustache", "TestSupport", "MarkupValidation", "HTTPFetch", "HTTPServer",
            ]),
        .testTarget(
            name: "liststateTests", dependencies: ["liststate", "ListCatalogue", "ListStore", "HTTPServer", "TestSupport", "UpstreamStore"]),
    ],
    swiftLanguageModes: [.v6]
)
