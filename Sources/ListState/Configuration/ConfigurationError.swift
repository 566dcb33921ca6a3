import Foundation

/// Why a list configuration cannot be used: the file, the key at fault and what
/// is wrong. The server refuses to start with it (`liststate serve` exits 78, EX_CONFIG).
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file, or `nil` for a configuration built in Swift.
    public var file: String?
    /// The key at fault as a dotted path from the top (`lists.characters.placeholders.noResults.background`);
    /// empty for the whole file.
    public var key: String
    /// What is wrong, in plain words.
    public var message: String

    /// Creates an error.
    public init(file: String?, key: String, message: String) {
        self.file = file
        self.key = key
        self.message = message
    }

    /// A file that cannot be read: "there is no such file" when nothing is at
    /// `path`, as for a missing database; otherwise "the file cannot be read".
    static func unreadable(_ path: String) -> ConfigurationError {
        let exists = FileManager.default.fileExists(atPath: path)
        return ConfigurationError(file: path, key: "", message: exists ? "the file cannot be read" : "there is no such file")
    }

    /// `FILE: error: KEY: MESSAGE`, the form compilers use.
    public var description: String {
        let place = file ?? "configuration"
        return key.isEmpty ? "\(place): error: \(message)" : "\(place): error: \(key): \(message)"
    }
}
