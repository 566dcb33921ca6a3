// The snippet corpus (Corpus/broken, Corpus/valid): every broken snippet must produce
// exactly the diagnostic its first line names, every valid sample none.
import Foundation
import Testing

@testable import MarkupValidation

/// One corpus file and what it expects.
struct CorpusSample: Sendable, CustomTestStringConvertible {
    /// The file name.
    var name: String
    /// The file's bytes.
    var bytes: [UInt8]
    /// `code@line` of the diagnostic a broken snippet must produce; nil for valid samples.
    var expected: String?
    /// The fragment context, or nil for a whole document.
    var context: MarkupValidator.FragmentContext?

    var testDescription: String { name }

    /// The routes the corpus pretends the server has.
    static let routes: @Sendable (String) -> Bool = { path in
        path == "/" || path.hasPrefix("/-/") || path.hasPrefix("/static/")
    }

    /// Ids the corpus pretends stand elsewhere on the page.
    static let knownIDs: Set<String> = ["list", "rows", "status", "main"]

    /// The validator the corpus is checked with.
    static let validator = MarkupValidator(options: .init(knownIDs: knownIDs, routeExists: routes))

    /// Validates the sample as a document or in its fragment context.
    func validate(with validator: MarkupValidator = Self.validator) -> [Diagnostic] {
        if let context {
            return validator.validateFragment(utf8: bytes, context: context)
        }
        return validator.validateDocument(utf8: bytes)
    }

    /// Loads one folder of the corpus.
    static func load(_ folder: String) -> [CorpusSample] {
        guard let root = Bundle.module.url(forResource: "Corpus", withExtension: nil) else { return [] }
        let directory = root.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".html") }.sorted()
        return names.compactMap { name in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                return nil
            }
            let bytes = [UInt8](data)
            let firstLine = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            let words = firstLine.replacingOccurrences(of: "<!--", with: "").replacingOccurrences(of: "-->", with: "")
                .split(separator: " ").map(String.init)
            var sample = CorpusSample(name: name, bytes: bytes, expected: nil, context: .body)
            if words.first == "expect:", words.count >= 3 {
                sample.expected = "\(words[1])@\(words[2])"
                sample.context = words.count > 3 ? Self.context(words[3]) : .body
            } else if words.first == "context:", words.count >= 2 {
                sample.context = Self.context(words[1])
            } else {
                sample.context = nil
            }
            return sample
        }
    }

    private static func context(_ word: String) -> MarkupValidator.FragmentContext? {
        word == "document" ? nil : MarkupValidator.FragmentContext(rawValue: word)
    }
}

@Suite struct CorpusTests {
    static let broken = CorpusSample.load("broken")
    static let valid = CorpusSample.load("valid")

    @Test func corpusIsLargeAndCoversEveryCode() {
        #expect(Self.broken.count >= 40)
        #expect(Self.valid.count >= 5)
        let covered = Set(Self.broken.compactMap { $0.expected?.split(separator: "@").first.map(String.init) })
        let missing = DiagnosticCode.allCases.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes without a broken snippet: \(missing)")
    }

    @Test(arguments: broken)
    func brokenSnippetProducesItsDiagnostic(_ sample: CorpusSample) throws {
        let expected = try #require(sample.expected)
        let diagnostics = sample.validate()
        #expect(
            diagnostics.map { "\($0.code.rawValue)@\($0.line)" } == [expected],
            "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: valid)
    func validSampleProducesNothing(_ sample: CorpusSample) {
        let diagnostics = sample.validate()
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    /// libxml2's error handlers are per thread and per context: many validations at once must give
    /// exactly what one at a time gives.
    @Test func concurrentValidationsGiveIdenticalResults() {
        let samples = Self.broken + Self.valid
        let serial = samples.map { $0.validate() }
        let results = ResultBox(count: samples.count * 8)
        DispatchQueue.concurrentPerform(iterations: samples.count * 8) { index in
            results.set(index, samples[index % samples.count].validate())
        }
        for index in 0..<(samples.count * 8) {
            #expect(results.get(index) == serial[index % samples.count], "\(samples[index % samples.count].name)")
        }
    }
}

/// A lock-protected array of results written from many threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [[Diagnostic]]

    init(count: Int) {
        values = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ value: [Diagnostic]) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return values[index]
    }
}
