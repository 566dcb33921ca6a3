/// One setting of the running server as `GET /-/settings.json` shows it: its
/// name, its effective value and where that value came from.
public struct EffectiveSetting: Sendable {
    /// Where a value came from, in the order later ones win:
    /// built-in default < configuration file < environment < command line.
    public enum Source: String, Sendable {
        case `default`
        case file
        case environment
        case flag
    }

    /// A value as JSON shows it.
    public enum Value: Sendable, Equatable {
        /// Not set (no template or static folder, no configuration file).
        case none
        case bool(Bool)
        case number(Double)
        case text(String)
        case texts([String])
    }

    /// The name: the configuration file's key under `server` (`queryTimeout`).
    public var name: String
    public var value: Value
    public var source: Source

    /// A setting.
    public init(name: String, value: Value, source: Source) {
        self.name = name
        self.value = value
        self.source = source
    }
}
