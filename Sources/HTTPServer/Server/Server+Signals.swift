#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Server {
    /// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread, and so in every
    /// thread it starts afterwards (libmicrohttpd's included). Call it first thing
    /// in `main`, before ``start()``, then wait with ``waitForTerminationSignal()``:
    /// no signal handler, no global state. A SIGHUP the process was started
    /// ignoring (`nohup`) stays ignored.
    public static func blockTerminationSignals() {
        var set = terminationSignals()
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits (`sigwait`) until SIGINT, SIGTERM or SIGHUP arrives. The signals must
    /// have been blocked with ``blockTerminationSignals()``.
    /// - Returns: The signal number received.
    public static func waitForTerminationSignal() -> Int32 {
        var set = terminationSignals()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// Waits (`sigtimedwait`) at most `timeout` for SIGINT, SIGTERM or SIGHUP; the
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
        if !isIgnored(SIGHUP) { sigaddset(&set, SIGHUP) }
        return set
    }

    /// Whether `signal`'s disposition is SIG_IGN, as `nohup` leaves SIGHUP's.
    static func isIgnored(_ signal: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return false }
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #else
            let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
