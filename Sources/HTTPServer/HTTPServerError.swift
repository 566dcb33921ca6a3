/// The one error type of the HTTPServer module: what went wrong (``Kind``) and
/// where (``context``: an address, an option, a system call and its `errno` text).
///
/// Handlers never see it: they return a ``Response``. It is thrown by
/// ``Server/start()`` and reported by ``Server/shutdown(timeout:)``.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a failure.
    public enum Kind: Sendable, Equatable {
        /// The address is already bound by another socket (`EADDRINUSE`).
        case addressInUse
        /// The host is not a numeric IPv4/IPv6 address or `localhost`, or the
        /// port cannot be bound (`EADDRNOTAVAIL`, `EACCES`).
        case invalidAddress
        /// A configuration value is outside what libmicrohttpd or the OS accepts.
        case invalidConfiguration
        /// A system call failed (socket, bind, listen, setrlimit, ...).
        case systemCall
        /// libmicrohttpd refused to start the daemon (its log says why).
        case daemonStartFailed
        /// ``Server/start()`` was called twice, or the server was already stopped.
        case invalidState
        /// ``Server/shutdown(timeout:)`` gave up waiting for requests in flight.
        case shutdownTimedOut
        /// A request target has malformed percent-encoding or invalid UTF-8
        /// (the server answers such requests with 400 itself).
        case malformedRequestTarget
    }

    /// The category of the failure.
    public var kind: Kind
    /// Human-readable detail for logs: address, option or call, and the OS reason.
    public var context: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: The category.
    ///   - context: Detail for logs; never shown to HTTP clients.
    public init(_ kind: Kind, _ context: String) {
        self.kind = kind
        self.context = context
    }

    /// The context, one line, for logs and for people: it says what failed
    /// and why, without the name of ``kind`` (a program reads ``kind``).
    public var description: String { context }
}
