import ListState

/// The exit statuses of every subcommand: sysexits(3) where one applies.
enum ExitStatus {
    /// Success.
    static let ok: Int32 = 0
    /// The input was processed and found wrong (a template error, markup
    /// errors), or a drain had to cut requests off.
    static let failure: Int32 = 1
    /// Bad arguments. sysexits' EX_USAGE is 64; 2 is what shells and most
    /// command-line tools use, and it is kept.
    static let usage: Int32 = 2
    /// EX_DATAERR: an input that is not what it must be (not SQLite, not a
    /// ListState catalogue, JSON that does not parse).
    static let dataError: Int32 = 65
    /// EX_NOINPUT: an input file that does not exist or cannot be read.
    static let noInput: Int32 = 66
    /// EX_UNAVAILABLE: a service is not available: the address cannot be
    /// listened on, a URL cannot be fetched.
    static let unavailable: Int32 = 69
    /// EX_CANTCREAT: the catalogue cannot be written.
    static let cannotCreate: Int32 = 73
    /// EX_CONFIG: the configuration file or the templates cannot be used.
    static let configuration: Int32 = 78

    /// The list of statuses for `--help` and the README.
    static let summary = """
        exit status:
          0   success
          1   problems found (check, render), or requests cut off by a drain (serve)
          2   bad arguments
          65  a data file is not what it must be (not SQLite, not a catalogue, bad JSON data)
          66  a data file does not exist or cannot be read
          69  the address cannot be listened on, or a URL cannot be fetched
          73  the catalogue cannot be written
          78  the configuration (file or LISTSTATE_ variables) or the templates cannot be used
        """

    /// The status of a start that failed with `error`.
    static func of(_ error: AppError) -> Int32 {
        switch error {
        case .database(_, _, .noInput): noInput
        case .database(_, _, .namedTwice): usage
        case .database(_, _, .notUsable): dataError
        case .cannotReadTemplates, .template, .missingTemplate, .cannotRender, .configuration, .listName: configuration
        }
    }

    /// Says a usage error in one line, with where to read more, on standard error.
    /// - Returns: ``usage``.
    static func usageError(_ message: String, help: String) -> Int32 {
        Output.standardError("\(message)\nsee '\(help)'\n")
        return usage
    }
}
