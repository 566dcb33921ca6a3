// liststate check: validate HTML files, standard input or http(s):// URLs with
// MarkupValidation and print the problems the way a compiler does.
import Foundation
import HTTPFetch
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
/// for bad arguments (a URL of another scheme), 66 for an unreadable file, 69 for a URL that cannot
/// be fetched (the other inputs are still checked).
enum CheckCommand {
    /// The help text.
    static let usage = """
        usage: liststate check [--fragment [list-items|table-rows|region|body]] [--quiet] FILE|URL|- ...

        Validates HTML5 documents and fragments (ListState's own templates' output, or
        overrides of them) and prints every problem as path:line:col: error: message [code],
        then a one-line summary on standard error (documents, errors, warnings).

          FILE            an HTML file, checked as a whole document
          -               standard input
          http(s)://...   fetched twice: as a page (checked as a document), and with
                          'HX-Request: true' (checked as a fragment, see below, unless
                          the answer is a whole document: a page that is not a list);
                          up to 5 redirects are followed and the final URL named
                          (10 s to connect, 30 s in all)
          --fragment [C]  check files and standard input as fragments in context C:
                            list-items  a run of <li> checked inside <ol> (continuation)
                            table-rows  a run of <tr> checked inside <table><tbody>
                                        (continuation of a list in the table layout)
                            region      the #list element where it stands (region fragment)
                            body        generic flow content
                          without C, input that starts with <li is list-items, with
                          <tr table-rows, else region
          --quiet         no summary line
          -h, --help      show this help

        Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad arguments,
        66 a file that cannot be read, 69 a URL that cannot be fetched (refused, timed
        out, a sixth redirect).

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
    /// - Returns: `ExitStatus.ok`, `.failure`, `.usage`, `.noInput` or `.unavailable`.
    static func run(_ arguments: [String]) -> Int32 {
        var mode = Mode.document
        var isQuiet = false
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
            case "--quiet":
                isQuiet = true
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
        var tally = Tally()
        for input in inputs {
            check(input, mode: mode, isQuiet: isQuiet, with: validator, into: &tally)
        }
        if !isQuiet { write("liststate check: \(tally.summary)\n", to: .standardError) }
        return tally.status
    }

    /// What a run found: the documents checked, the problems, the exit status so far.
    struct Tally {
        var documents = 0
        var errors = 0
        var warnings = 0
        /// Inputs that could not be read or fetched.
        var unread = 0
        var status = ExitStatus.ok

        /// "2 documents checked: 3 errors, 1 warning" (and the inputs not read).
        var summary: String {
            func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
            var text =
                "\(count(documents, "document")) checked: "
                + (errors + warnings == 0 ? "no problems" : "\(count(errors, "error")), \(count(warnings, "warning"))")
            if unread > 0 { text += "; \(count(unread, "input")) could not be read" }
            return text
        }

        /// Counts one document's diagnostics.
        mutating func add(_ diagnostics: [Diagnostic]) {
            documents += 1
            errors += diagnostics.count { $0.severity == .error }
            warnings += diagnostics.count { $0.severity == .warning }
            if errors > 0 { status = max(status, ExitStatus.failure) }
        }

        /// Counts an input that could not be read, with the status it calls for.
        mutating func fail(_ status: Int32) {
            unread += 1
            self.status = max(self.status, status)
        }
    }

    // MARK: Inputs

    /// `scheme://...` with a scheme of RFC 3986's letters (a file's name seldom looks like that).
    static func isURLOfAnotherScheme(_ input: String) -> Bool {
        guard let separator = input.range(of: "://"), let first = input.first, first.isASCII, first.isLetter else { return false }
        return input[..<separator.lowerBound].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func check(_ input: String, mode: Mode, isQuiet: Bool, with validator: MarkupValidator, into tally: inout Tally) {
        let lowercased = input.lowercased()
        if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") {
            checkURL(input, mode: mode, isQuiet: isQuiet, with: validator, into: &tally)
            return
        }
        if isURLOfAnotherScheme(input) {
            write("liststate check: \(input): only http:// and https:// URLs can be fetched\n", to: .standardError)
            tally.fail(ExitStatus.usage)
            return
        }
        let bytes: [UInt8]
        let label: String
        if input == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            label = "<stdin>"
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: input)
            else {
                write("liststate check: \(input): cannot read the file\n", to: .standardError)
                tally.fail(ExitStatus.noInput)
                return
            }
            bytes = [UInt8](data)
            label = input
        }
        tally.add(report(validate(bytes, mode: mode, with: validator), label: label))
    }

    /// What `check URL` allows a fetch: 5 redirects, 10 s to connect, 30 s in all, 64 MiB of body.
    static func fetchRequest(_ url: String, headers: [FetchHeaderField]) -> FetchRequest {
        var request = FetchRequest(
            url: url, headers: [FetchHeaderField(name: "Accept", value: "text/html"), FetchHeaderField(name: "User-Agent", value: "liststate-check")] + headers)
        request.maximumRedirects = 5
        request.connectTimeout = .seconds(10)
        request.totalTimeout = .seconds(30)
        request.maximumBodyBytes = 64 << 20
        return request
    }

    private static func checkURL(_ url: String, mode: Mode, isQuiet: Bool, with validator: MarkupValidator, into tally: inout Tally) {
        let fetcher = Fetcher()
        do {
            let page = try fetcher.fetch(fetchRequest(url, headers: []))
            // Named as given unless redirected (libcurl writes "http://host" as "http://host/").
            let label = page.redirects.isEmpty ? url : page.finalURL
            if !page.redirects.isEmpty && !isQuiet {
                write("liststate check: \(url): redirected to \(page.finalURL)\n", to: .standardError)
            }
            tally.add(report(validate(page.body, mode: mode, with: validator), label: label))
            let fragment = try fetcher.fetch(fetchRequest(url, headers: [FetchHeaderField(name: "HX-Request", value: "true")]))
            // A page that is not a list (an index, a row's page) answers a whole document either way.
            let isDocument =
                fragment.body.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
                .prefix(9).map { $0 | 0x20 } == Array("<!doctype".utf8)
            let fragmentMode = mode == .document ? (isDocument ? Mode.document : Mode.fragment(nil)) : mode
            tally.add(report(validate(fragment.body, mode: fragmentMode, with: validator), label: "\(fragment.redirects.isEmpty ? url : fragment.finalURL)[HX-Request]"))
        } catch {
            write("liststate check: \(url): \(error)\n", to: .standardError)
            tally.fail(ExitStatus.unavailable)
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

    /// Prints `diagnostics` as `label:line:col: severity: message [code]`; returns them.
    private static func report(_ diagnostics: [Diagnostic], label: String) -> [Diagnostic] {
        var output = ""
        for diagnostic in diagnostics {
            output += "\(label):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
        }
        if !output.isEmpty { write(output, to: .standardOutput) }
        return diagnostics
    }

    private static func usageError(_ message: String) -> Int32 {
        ExitStatus.usageError("liststate check: \(message)", help: "liststate check --help")
    }

    private static func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }
}
