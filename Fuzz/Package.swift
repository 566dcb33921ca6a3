// swift-tools-version: 6.0
//
// libFuzzer harnesses for ListState's parsers (issue 9, section 6). A separate
// package, so the root package's `swift build` and `swift test` never see them.
// It depends on the root package by path (nothing is fetched). Build and run with
// `make fuzz` at the root (see ../RELIABILITY.md, "Fuzzing and sanitizers"):
//
//   swift build --sanitize=fuzzer --sanitize=address
//   .build/debug/fuzz-cursor -max_total_time=600 <work corpus> Corpus/cursor
//
// Debug build on purpose: the harnesses `@testable import` internal entry points
// (`RequestTarget`, `PercentDecoding`, `Base64URL`), which
// needs `-enable-testing`, which SwiftPM passes in debug builds only. Each harness
// is an executable whose `main` is libFuzzer's; `-parse-as-library` stops Swift
// from emitting one of its own.
import PackageDescription

let harnessSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

func harness(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: "fuzz-\(name)",
        dependencies: ["FuzzSupport"] + dependencies,
        swiftSettings: harnessSettings
    )
}

let package = Package(
    name: "ListStateFuzz",
    platforms: [.macOS(.v15)],
    // `ListState` is a symlink to `..`: a path dependency takes its identity from the last
    // path component, and `..` would be named after the checkout folder (which may even
    // be `fuzz`, this package's own identity).
    dependencies: [.package(path: "ListState")],
    targets: [
        .target(name: "FuzzSupport"),
        // The three harnesses below compile the few ListState files they test (symlinks in
        // their ListState/ folders) instead of depending on ListState: ListState's build plugin
        // runs a tool whose main.swift has top-level code, and `--sanitize=fuzzer` makes
        // SwiftPM compile every executable with `-parse-as-library`, so that tool does
        // not build (and with `-Xswiftc -sanitize=fuzzer` its link pulls libFuzzer's main).
        harness(
            "query",
            [
                .product(name: "HTTPServer", package: "liststate"),
                .product(name: "ListStore", package: "liststate"),
                .product(name: "ListDecision", package: "liststate"),
                .product(name: "Mustache", package: "liststate"),
            ]),
        harness("percent-decoding", [.product(name: "HTTPServer", package: "liststate")]),
        harness("accept-language", []),
        harness("cursor", [.product(name: "ListStore", package: "liststate")]),
        harness("if-none-match", [.product(name: "HTTPServer", package: "liststate")]),
        harness("template", [.product(name: "Mustache", package: "liststate")]),
        harness("html-escape", [.product(name: "Mustache", package: "liststate")]),
    ],
    swiftLanguageModes: [.v6]
)
