// liststate check: validate HTML files, standard input or http:// URLs with
// MarkupValidation and print the problems the way a compiler does.
import Foundation
import MarkupValidation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `liststate check [--fragment [list-items|table-rows|region|body]] FILE|URL|- ...`: validates pages and
/// fragments and prints `path:line:col: error: message [code]` for every problem.
///
/// Exit status: 0 when nothing is wrong (warnings alone are fine), 1 when any error was found, 2
/// for bad arguments, an unreadable file or an unreachable URL (the other inputs are still checked).
enum CheckCommand {
    /// The help text.
    static let usage = """
    usage: liststate check [--fragment [list-items|table-rows|region|body]] FILE|URL|- ...

    Validates HTML5 documents and fragments (ListState's own templates' output, or
    overrides of them) and prints every problem as path:line:col: error: message [code].

      FILE            an HTML file, checked as a whole document
      -               standard input
      http://...      fetched twice: as a page (checked as a document), and with
                      'HX-Request: true' (checked as a fragment, see below, unless
                      the answer is a whole document: a page that is not a list)
      --fragment [C]  check files and standard input as fragments in context C:
                        list-items  a run of <li> checked inside <ol> (continuation)
                        table-rows  a run of <tr> checked inside <table><tbody>
                                    (continuation of a list in the table layout)
                        region      the #list element where it stands (region fragment)
                        body        generic flow content
                      without C, input that starts with <li is list-items, with
                      <tr table-rows, else region
      -h, --help      show this help

    Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad arguments or
    input that could not be read or fetched.

    """

    /// What to check an input as.
    enum Mode: Equatable {
        /// A whole document.
        case document
        /// A fragment in the given context, or nil to guess it from the first tag.
        case fragment(MarkupValidator.FragmentContext?)
    }

    /// Runs the subcommand with its arguments (without the command name); returns the exit status.
    ///
    /// - Parameter arguments: The command line after `check`.
    /// - Returns: `ExitStatus.ok`, `.failure` or `.usage`.
    static func run(_ arguments: [String]) -> Int32 {
        var mode = Mode.document
        var inputs: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help":
                write(usage, to: .standardOutput)
                return ExitStatus.ok
            case "--fragment":
                mode = .fragment(nil)
                if index < arguments.count, let context = MarkupValidator.FragmentContext(rawValue: arguments[index]) {
                    mode = .fragment(context)
                    index += 1
                }
            case let option where option.hasPrefix("--fragment="):
                guard let context = MarkupValidator.FragmentContext(rawValue: String(option.dropFirst("--fragment=".count))) else {
                    return usageError("unknown fragment context in '\(option)' (use list-items, table-rows, region or body)")
                }
                mode = .fragment(context)
            case "--":
                inputs += arguments[index...]
                index = arguments.count
            case let option where option.hasPrefix("-") && option != "-":
                return usageError("unknown option '\(option)'")
            default:
                inputs.append(argument)
            }
        }
        guard !inputs.isEmpty else { return usageError("no FILE or URL given") }

        let validator = MarkupValidator()
        var status = ExitStatus.ok
        for input in inputs {
            let inputStatus = check(input, mode: mode, with: validator)
            status = max(status, inputStatus)
        }
        return status
    }

    // MARK: Inputs

    private static func check(_ input: String, mode: Mode, with validator: MarkupValidator) -> Int32 {
        let lowercased = input.lowercased()
        if lowercased.hasPrefix("http://") {
            return checkURL(input, mode: mode, with: validator)
        }
        if lowercased.hasPrefix("https://") {
            write("liststate check: \(input): only http:// URLs can be fetched\n", to: .standardError)
            return ExitStatus.usage
        }
        let bytes: [UInt8]
        let label: String
        if input == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            label = "<stdin>"
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: input) else {
                write("liststate check: \(input): cannot read the file\n", to: .standardError)
                return ExitStatus.usage
            }
            bytes = [UInt8](data)
            label = input
        }
        return report(validate(bytes, mode: mode, with: validator), label: label)
    }

    private static func checkURL(_ url: String, mode: Mode, with validator: MarkupValidator) -> Int32 {
        do {
            let page = try HTTPClient.get(url, headers: [:])
            var status = report(validate(page.body, mode: mode == .document ? .document : mode, with: validator), label: url)
            let fragment = try HTTPClient.get(url, headers: ["HX-Request": "true"])
            // A page that is not a list (an index, a row's page) answers a whole document either way.
            let isDocument = fragment.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
                .prefix(9).map { $0 | 0x20 } == Array("<!doctype".utf8)
            let fragmentMode = mode == .document ? (isDocument ? Mode.document : Mode.fragment(nil)) : mode
            status = max(status, report(validate(fragment.body, mode: fragmentMode, with: validator), label: "\(url)[HX-Request]"))
            return status
        } catch {
            write("liststate check: \(url): \(error)\n", to: .standardError)
            return ExitStatus.usage
        }
    }

    /// Validates `bytes` as a document or as a fragment (guessing the context when not given).
    static func validate(_ bytes: [UInt8], mode: Mode, with validator: MarkupValidator) -> [Diagnostic] {
        switch mode {
        case .document:
            return validator.validateDocument(utf8: bytes)
        case .fragment(let context):
            return validator.validateFragment(utf8: bytes, context: context ?? guessContext(bytes))
        }
    }

    /// A fragment whose first tag is `<li` is a continuation (list items), `<tr` one in the
    /// table layout (table rows); anything else is a region.
    static func guessContext(_ bytes: [UInt8]) -> MarkupValidator.FragmentContext {
        var text = Substring(String(decoding: bytes.prefix(4096), as: UTF8.self))
        while true {
            text = text.drop(while: \.isWhitespace)
            guard text.hasPrefix("<!--"), let end = text.range(of: "-->") else { break }
            text = text[end.upperBound...]
        }
        let start = text.lowercased()
        return start.hasPrefix("<li") ? .listItems : start.hasPrefix("<tr") ? .tableRows : .region
    }

    private static func report(_ diagnostics: [Diagnostic], label: String) -> Int32 {
        var output = ""
        for diagnostic in diagnostics {
            output += "\(label):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
        }
        if !output.isEmpty { write(output, to: .standardOutput) }
        return diagnostics.contains { $0.severity == .error } ? ExitStatus.failure : ExitStatus.ok
    }

    private static func usageError(_ message: String) -> Int32 {
        write("liststate check: \(message)\n\n\(usage)", to: .standardError)
        return ExitStatus.usage
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
