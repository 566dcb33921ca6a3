// liststate-bench: the render part of `make bench` (Benchmarks/run.sh does the rest).
//
//   liststate-bench --db PATH [--iterations N] [--only page|fragment] [--untimed]
//   liststate-bench --db PATH --cursors
//   liststate-bench --probe FILE.sqlite   (the freshness probe of a user's database)
//   liststate-bench --table FILE.sqlite --list NAME [--rows N] [--untimed]
//      (the first page of a list over a table, drawn as the route draws it)
//   (--after HEX: the fragment starts after that code point; default 4E00;
//    --template-only with --untimed: render a context built once;
//    --whole with --untimed: build the whole context and render it with nothing
//    shared, as the first request for a page's address does;
//    --rows N: the page has N rows instead of 50, to tell per-row costs from the rest)
//
// Prints `key=value` lines the script reads: the median µs of building the view
// context and rendering the 50-row list page and a 20-row continuation fragment
// as the server does for a page's address it has drawn before (its shared
// fields' sections copied: Mustache's `MustacheSharedContext`), and drawn whole,
// the median µs of the template alone (context built once), each also as the
// fastest of 20 rounds' medians (see `measure`), and the bytes.
// `--untimed` runs the renders N times without a clock, for
// `valgrind --tool=callgrind` (instruction counts are stable on a busy machine).
// `--cursors` prints the cursor of the first page's "Load more" link and one
// 40 rows before the end of the catalogue (a full page of 20 still follows it).
// `--probe` times `DatabaseSource.dataVersion()`, which every request for a
// list runs before it looks in the response cache: while nothing is written in
// the file's folder (one `ioctl`), and the probe itself (`PRAGMA data_version`),
// which runs after a write and when the folder is not watched.
import Foundation
import ListState
import ListStore
import Mustache

/// The parsed command line.
struct Options {
    var database = ""
    var iterations = 3000
    var only: String?
    var isTimed = true
    var printsCursors = false
    var fragmentAfter: UInt32 = 0x4E00
    var isTemplateOnly = false
    var isWhole = false
    var pageRows = 50
    var probe: String?
    var table: String?
    var list = ""
}

/// Parses the arguments, or exits 2 with a message.
func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let flag = arguments.popFirst() {
        switch flag {
        case "--db": options.database = arguments.popFirst() ?? ""
        case "--iterations": options.iterations = arguments.popFirst().flatMap(Int.init) ?? 0
        case "--only": options.only = arguments.popFirst()
        case "--untimed": options.isTimed = false
        case "--cursors": options.printsCursors = true
        case "--template-only": options.isTemplateOnly = true
        case "--whole": options.isWhole = true
        case "--rows": options.pageRows = arguments.popFirst().flatMap(Int.init) ?? 0
        case "--probe": options.probe = arguments.popFirst()
        case "--table": options.table = arguments.popFirst()
        case "--list": options.list = arguments.popFirst() ?? ""
        case "--after": options.fragmentAfter = arguments.popFirst().flatMap { UInt32($0, radix: 16) } ?? 0x4E00
        default: fail("unknown argument '\(flag)'")
        }
    }
    if options.database.isEmpty, options.probe == nil, options.table == nil { fail("--db PATH is required") }
    if options.iterations < 1 { fail("--iterations must be a positive number") }
    if !(1...100).contains(options.pageRows) { fail("--rows must be a number from 1 to 100") }
    return options
}

/// Prints `message` to standard error and exits 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("liststate-bench: \(message)\n".utf8))
    exit(2)
}

/// The median of `samples` (sorted in place).
func median(_ samples: inout [Double]) -> Double {
    samples.sort()
    return samples[samples.count / 2]
}

/// What ``measure(iterations:rounds:_:)`` found for one body, in µs.
struct Timing {
    /// The median of all samples.
    var median: Double
    /// The lowest of the rounds' medians: the machine's own speed, without the
    /// spells when another guest on the host took it.
    var fastestRoundMedian: Double
}

/// Times each of `bodies` `iterations` times in all, interleaved in `rounds` rounds
/// 100 ms apart (after a tenth as warm-up).
///
/// This machine is a virtual machine whose speed changes for seconds at a time
/// (the same render measured 31 µs and 50 µs three seconds apart, nothing else
/// running in it): spreading the rounds over a few seconds, side by side, keeps
/// one slow spell from moving one figure and not another, and the fastest round
/// shows what the code costs when the host leaves the machine alone.
func measure(iterations: Int, rounds: Int = 20, _ bodies: [() -> Int]) -> [Timing] {
    var sink = 0
    for body in bodies {
        for _ in 0..<max(10, iterations / 10) { sink &+= body() }
    }
    let clock = ContinuousClock()
    var samples = [[Double]](repeating: [], count: bodies.count)
    var roundMedians = [[Double]](repeating: [], count: bodies.count)
    let perRound = max(1, iterations / rounds)
    for round in 0..<rounds {
        if round > 0 { Thread.sleep(forTimeInterval: 0.1) }
        for (index, body) in bodies.enumerated() {
            var round: [Double] = []
            round.reserveCapacity(perRound)
            for _ in 0..<perRound {
                let start = clock.now
                sink &+= body()
                let parts = (clock.now - start).components
                round.append(Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12)
            }
            samples[index] += round
            roundMedians[index].append(median(&round))
        }
    }
    if sink == -1 { print("") }  // keeps the work observable
    return samples.indices.map { Timing(median: median(&samples[$0]), fastestRoundMedian: roundMedians[$0].min() ?? 0) }
}

let options = parseOptions()
if let probed = options.probe {
    let watched = DatabaseSource(path: probed)
    let probing = DatabaseSource(path: probed, watchesFolder: false)
    for database in [watched, probing] {
        guard case .success(.some) = database.dataVersion() else { fail("\(probed): no data version") }
    }
    let timings = measure(
        iterations: options.iterations,
        [probing, watched].map { database in { (try? database.dataVersion().get()) == nil ? 0 : 1 } })
    for (name, timing) in zip(["data_version", "unchanged_folder"], timings) {
        print("probe.\(name).median_us=\(String(format: "%.2f", timing.median))")
        print("probe.\(name).fastest_round_median_us=\(String(format: "%.2f", timing.fastestRoundMedian))")
    }
    exit(0)
}
if let table = options.table {
    let benchmark: TableRenderBenchmark
    do {
        benchmark = try TableRenderBenchmark(path: table, list: options.list, limit: options.pageRows)
    } catch {
        fail("\(error)")
    }
    guard options.isTimed else {
        var total = 0
        for _ in 0..<options.iterations { total &+= benchmark.renderResponseBody().count }
        print("render.table\(options.pageRows).bytes_total=\(total)")
        exit(0)
    }
    let timing = measure(iterations: options.iterations, [{ benchmark.renderResponseBody().count }])[0]
    print("render.table\(options.pageRows).bytes=\(benchmark.renderResponseBody().count)")
    print("render.table\(options.pageRows).median_us=\(String(format: "%.1f", timing.median))")
    print("render.table\(options.pageRows).fastest_round_median_us=\(String(format: "%.1f", timing.fastestRoundMedian))")
    exit(0)
}
if options.printsCursors {
    do {
        let cursors = try ListRenderBenchmark.cursors(path: options.database)
        print("cursor.first=\(cursors.first)")
        print("cursor.last=\(cursors.last)")
    } catch {
        fail("\(error)")
    }
    exit(0)
}
let cases: [(key: String, shape: ListRenderBenchmark.Shape, limit: Int, after: UInt32?)] = [
    ("page\(options.pageRows)", .page, options.pageRows, nil),
    // A continuation in the middle of the catalogue (CJK ideographs: plain names).
    ("fragment20", .continuation, 20, options.fragmentAfter),
]
for item in cases {
    if let only = options.only, !item.key.hasPrefix(only) { continue }
    let benchmark: ListRenderBenchmark
    do {
        benchmark = try ListRenderBenchmark(path: options.database, shape: item.shape, limit: item.limit, afterCodePoint: item.after)
    } catch {
        fail("\(item.key): \(error)")
    }
    guard options.isTimed else {
        var total = 0
        if options.isTemplateOnly {
            let context = benchmark.makeContext()
            for _ in 0..<options.iterations { total &+= benchmark.render(context).count }
        } else if options.isWhole {
            for _ in 0..<options.iterations { total &+= benchmark.renderWholeResponseBody().count }
        } else {
            for _ in 0..<options.iterations { total &+= benchmark.renderResponseBody().count }
        }
        print("render.\(item.key).bytes_total=\(total)")
        continue
    }
    let bytes = benchmark.renderResponseBody().count
    let context = benchmark.makeContext()
    let timings = measure(
        iterations: options.iterations,
        [
            { benchmark.renderResponseBody().count },
            { benchmark.render(context).count },
            { benchmark.renderWholeResponseBody().count },
        ])
    let (full, templateOnly, whole) = (timings[0], timings[1], timings[2])
    guard benchmark.renderWholeResponseBody() == benchmark.renderResponseBody() else {
        fail("\(item.key): the page drawn whole and with its shared fields differ")
    }
    print("render.\(item.key).bytes=\(bytes)")
    print("render.\(item.key).median_us=\(String(format: "%.1f", full.median))")
    print("render.\(item.key).fastest_round_median_us=\(String(format: "%.1f", full.fastestRoundMedian))")
    print("render.\(item.key).template_only_median_us=\(String(format: "%.1f", templateOnly.median))")
    print("render.\(item.key).template_only_fastest_round_median_us=\(String(format: "%.1f", templateOnly.fastestRoundMedian))")
    print("render.\(item.key).whole_median_us=\(String(format: "%.1f", whole.median))")
    print("render.\(item.key).whole_fastest_round_median_us=\(String(format: "%.1f", whole.fastestRoundMedian))")
}
