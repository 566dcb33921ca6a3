/// One setting of the running server as `GET /-/settings.json` shows it: its
/// name, its effective value and where that value came from.
package struct EffectiveSetting: Sendable {
    /// Where a value came from, in the order later ones win:
    /// built-in default < configuration file < environment < command line.
    package enum Source: String, Sendable {
        case `default`
        case file
        case environment
        case flag
    }

    /// A value as JSON shows it.
    package enum Value: Sendable, Equatable {
        /// Not set (no template or static folder, no configuration file).
        case none
        case bool(Bool)
        case number(Double)
        case text(String)
        case texts([String])
    }

    /// The name: the configuration file's key under `server` (`queryTimeout`).
    package var name: String
    package var value: Value
    package var source: Source

    /// A setting.
    package init(name: String, value: Value, source: Source) {
        self.name = name
        self.value = value
        self.source = source
    }
}
