// Serves the bookshelf: `swift run Bookshelf [PORT]` (or PORT=…), then open http://127.0.0.1:PORT/books.
import BookshelfLists
import Foundation
import ListState

let port = UInt16(CommandLine.arguments.dropFirst().first ?? ProcessInfo.processInfo.environment["PORT"] ?? "8080") ?? 8080
try ListServer(lists: [Bookshelf.list()]).run(port: port)
