#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Server {
    /// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread
    /// it starts afterwards (libmicrohttpd's included). Call it first thing in
    /// `main`, before ``start()``, then wait with ``waitForTerminationSignal()``:
    /// no signal handler, no global state.
    public static func blockTerminationSignals() {
        var set = terminationSignals()
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits (`sigwait`) until SIGINT or SIGTERM arrives. The signals must
    /// have been blocked with ``blockTerminationSignals()``.
    /// - Returns: The signal number received.
    public static func waitForTerminationSignal() -> Int32 {
        var set = terminationSignals()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    private static func terminationSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
