// Serves the stations of the JSON service at STATIONS_URL: `STATIONS_URL=http://127.0.0.1:8081/
// swift run Stations [PORT]` (or PORT=…), then open http://127.0.0.1:PORT/stations.
import Foundation
import ListState
import StationsLists

let environment = ProcessInfo.processInfo.environment
let service = URL(string: environment["STATIONS_URL"] ?? "http://127.0.0.1:8081/")!
let port = UInt16(CommandLine.arguments.dropFirst().first ?? environment["PORT"] ?? "8080") ?? 8080
try ListServer(lists: [Stations.list(service: service)]).run(port: port)
