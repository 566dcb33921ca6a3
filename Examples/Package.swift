// swift-tools-version: 6.1
//
// The examples of ListState as a library (README.md): each a small program over a list
// of its own, made of a library target (its lists, which its tests import) and a
// `main.swift` that serves them. It depends on ListState by path, so `make examples`
// builds ListState once for every example.
import PackageDescription

let listState = Target.Dependency.product(name: "ListState", package: "ListState")

let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15)],
    // Named, so the products are found whatever the checkout's folder is called.
    dependencies: [.package(name: "ListState", path: "..")],
    targets: [
        // (a) Books kept in the program's memory, drawn with a row template of its own.
        .target(name: "BookshelfLists", dependencies: [listState]),
        .executableTarget(name: "Bookshelf", dependencies: ["BookshelfLists", listState]),
        // (b) Weather stations read from a JSON service with URLSession.
        .target(name: "StationsLists", dependencies: [listState]),
        .executableTarget(name: "Stations", dependencies: ["StationsLists", listState]),

        // What both examples' tests share: an HTTP client and the markup checker.
        .target(
            name: "ExamplesTestSupport",
            dependencies: [.product(name: "MarkupValidation", package: "ListState")],
            path: "Tests/ExamplesTestSupport"),
        .testTarget(name: "BookshelfTests", dependencies: ["BookshelfLists", "ExamplesTestSupport", listState]),
        .testTarget(
            name: "StationsTests", dependencies: ["StationsLists", "ExamplesTestSupport", listState],
            exclude: ["station_service.py"]),
    ],
    swiftLanguageModes: [.v6]
)
