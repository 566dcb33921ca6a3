// liststate render: render one Mustache template with JSON data, for template authors
// and for tests.
import Foundation
import Mustache

/// `liststate render TEMPLATE [--data FILE.json | --data -] [--partials DIR] [--strict]`.
///
/// Writes exactly the rendered text to stdout (nothing added). Partials are read as
/// `NAME.mustache` from `--partials DIR` (default: the template's own folder), only
/// those the template actually includes. Exit statuses (``ExitStatus``): 0 rendered;
/// 1 a template error, printed as `path:line:col: error: message`; 2 bad arguments;
/// 65 data that is not JSON; 66 a file that cannot be read.
enum RenderCommand {
    static let help = """
        usage: liststate render TEMPLATE [--data FILE.json | --data -] [--partials DIR] [--strict]

        Renders the Mustache template TEMPLATE and writes exactly the result to stdout.

        options:
          --data FILE     JSON data to render with ('-' reads standard input); default {}
          --partials DIR  folder holding partials as NAME.mustache; default: TEMPLATE's folder
          --strict        a partial or parent that does not exist is an error
                          (by default it renders as nothing, as the Mustache spec says)
          -h, --help      show this help

        exit status: 0 rendered; 1 template error (path:line:col: error: message);
                     2 bad arguments; 65 invalid JSON; 66 a file that cannot be read

        """

    struct Options {
        var templatePath: String?
        var dataPath: String?
        var partialsDirectory: String?
        var isStrict = false
    }

    struct UsageError: Error {
        let message: String
    }

    /// Runs the subcommand with its arguments (without the command name); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            guard let parsed = try parse(arguments) else {
                FileHandle.standardOutput.write(Data(help.utf8))
                return ExitStatus.ok
            }
            options = parsed
        } catch let error as UsageError {
            return ExitStatus.usageError("liststate render: \(error.message)", help: "liststate render --help")
        } catch {
            return ExitStatus.usageError("liststate render: \(error)", help: "liststate render --help")
        }
        guard let templatePath = options.templatePath else {
            return ExitStatus.usageError("liststate render: missing TEMPLATE", help: "liststate render --help")
        }

        // The data.
        var context: MustacheValue = .dictionary([:])
        if let dataPath = options.dataPath {
            let data: Data
            if dataPath == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: dataPath) else {
                    return fail(ExitStatus.noInput, "liststate render: cannot read data file '\(dataPath)'\n")
                }
                data = contents
            }
            do {
                context = try MustacheValue(jsonData: data)
            } catch {
                let name = dataPath == "-" ? "standard input" : "'\(dataPath)'"
                return fail(ExitStatus.dataError, "liststate render: invalid JSON in \(name)\n")
            }
        }

        // The template and the partials it includes, transitively.
        guard let source = readText(templatePath) else {
            return fail(ExitStatus.noInput, "liststate render: cannot read template '\(templatePath)'\n")
        }
        let templateURL = URL(fileURLWithPath: templatePath)
        let directory = options.partialsDirectory ?? templateURL.deletingLastPathComponent().path
        var mainName = templateURL.lastPathComponent
        if mainName.hasSuffix(".mustache") { mainName.removeLast(".mustache".count) }

        do {
            let main = try Template(source: source, name: mainName, path: templatePath)
            var templates: [String: Template] = [mainName: main]
            var pending = main.referencedTemplateNames
            while let name = pending.popLast() {
                if templates[name] != nil { continue }
                let path = URL(fileURLWithPath: directory).appendingPathComponent(name + ".mustache").path
                guard let partialSource = readText(path) else { continue }
                let partial = try Template(source: partialSource, name: name, path: path)
                templates[name] = partial
                pending.append(contentsOf: partial.referencedTemplateNames)
            }
            let library = try TemplateLibrary(templates: Array(templates.values), strict: options.isStrict)
            let output = try library.render(mainName, context)
            FileHandle.standardOutput.write(Data(output))
            return ExitStatus.ok
        } catch let error as MustacheError {
            return fail(ExitStatus.failure, "\(error)\n")
        } catch {
            return fail(ExitStatus.failure, "liststate render: \(error)\n")
        }
    }

    /// Parses the arguments; `nil` means `--help` was asked for.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var index = 0
        func value(for option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                return nil
            case "--data":
                guard options.dataPath == nil else { throw UsageError(message: "--data given twice") }
                options.dataPath = try value(for: argument)
            case "--partials":
                guard options.partialsDirectory == nil else { throw UsageError(message: "--partials given twice") }
                options.partialsDirectory = try value(for: argument)
            case "--strict":
                options.isStrict = true
            default:
                if argument.hasPrefix("--data=") {
                    guard options.dataPath == nil else { throw UsageError(message: "--data given twice") }
                    options.dataPath = String(argument.dropFirst("--data=".count))
                } else if argument.hasPrefix("--partials=") {
                    guard options.partialsDirectory == nil else { throw UsageError(message: "--partials given twice") }
                    options.partialsDirectory = String(argument.dropFirst("--partials=".count))
                } else if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError(message: "unknown option '\(argument)'")
                } else if options.templatePath == nil {
                    options.templatePath = argument
                } else {
                    throw UsageError(message: "unexpected argument '\(argument)' (one TEMPLATE only)")
                }
            }
            index += 1
        }
        return options
    }

    /// A file's text, or `nil` when it cannot be read (missing, a folder, unreadable).
    static func readText(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    static func fail(_ status: Int32, _ message: String) -> Int32 {
        FileHandle.standardError.write(Data(message.utf8))
        return status
    }
}
