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

    /// Waits (`sigtimedwait`) at most `timeout` for SIGINT or SIGTERM; the
    /// signals must have been blocked with ``blockTerminationSignals()``.
    /// Used for a drain's grace period: a second signal cuts it short.
    /// - Returns: The signal number received, or nil when the time ran out.
    public static func waitForTerminationSignal(timeout: Duration) -> Int32? {
        var set = terminationSignals()
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let left = clock.now.duration(to: deadline)
            if left <= .zero { return nil }
            let (seconds, attoseconds) = left.components
            var wait = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            let received = sigtimedwait(&set, nil, &wait)
            if received > 0 { return received }
            // EAGAIN: the time ran out (checked above); EINTR: try again.
        }
    }

    private static func terminationSignals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }
}
