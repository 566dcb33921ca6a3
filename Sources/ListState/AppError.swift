import Mustache

/// Why the application could not start. Each says what to fix; none reaches a page.
public enum AppError: Error, Sendable, CustomStringConvertible {
    /// A template folder or file could not be read.
    case cannotReadTemplates(String, reason: String)
    /// A template does not parse, or (strict mode) names a partial or parent that does not exist.
    case template(MustacheError)
    /// A required template is missing from both the override folder and the built-in set.
    case missingTemplate(String)
    /// A template parses but cannot render (for example a partial that includes itself without end).
    case cannotRender(String, reason: String)
    /// A list configuration names a key with a bad value (a missing image or partial, a bad range).
    case configuration(ConfigurationError)
    /// A database named on the command line cannot be served (missing, unreadable, not SQLite).
    case database(String, reason: String, problem: DatabaseProblem = .notUsable)
    /// A list's name cannot be used (it is a route of ours, or another list has it).
    case listName(String, reason: String)

    /// What is wrong with a database file named on the command line.
    public enum DatabaseProblem: Sendable {
        /// It does not exist, is a folder, or cannot be read.
        case noInput
        /// It is named twice on the command line.
        case namedTwice
        /// It exists but cannot be served: not SQLite, a hot journal that needs writing, …
        case notUsable
    }

    public var description: String {
        switch self {
        case .cannotReadTemplates(let path, let reason): "\(path): error: \(reason)"
        case .template(let error): error.description
        case .missingTemplate(let name): "error: the template '\(name).mustache' is missing"
        case .cannotRender(let name, let reason): "\(name).mustache: error: it cannot be rendered: \(reason)"
        case .configuration(let error): error.description
        case .database(let path, let reason, _): "\(path): error: \(reason)"
        case .listName(let name, let reason): "error: the list “\(name)”: \(reason)"
        }
    }
}
