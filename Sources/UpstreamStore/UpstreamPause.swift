import Synchronization

/// When an upstream is left alone: after `failures` failures in a row for `length`, or for the
/// delay its own `Retry-After` asked; then one request at a time probes it until one succeeds
/// (a circuit breaker: a service that is down is not asked by every visitor meanwhile).
final class UpstreamPause: Sendable {
    private struct State {
        var failuresInRow = 0
        var until: ContinuousClock.Instant?
        var probing = false
    }

    private let state = Mutex(State())
    /// Failures in a row that start a pause; 0: only a `Retry-After` does.
    let failures: Int
    let length: Duration

    init(failures: Int, length: Duration) {
        (self.failures, self.length) = (failures, length)
    }

    /// Nil when the upstream may be asked now (the one probe, when a pause has just ended);
    /// else the whole seconds until it may be, at least 1.
    func admit(now: ContinuousClock.Instant = .now) -> Int? {
        state.withLock { state in
            guard let until = state.until else { return nil }
            if now < until { return Self.seconds(until - now) }
            if state.probing { return 1 }
            state.probing = true
            return nil
        }
    }

    /// An answer came: the pause, if any, is over. Returns whether one was.
    @discardableResult
    func succeeded() -> Bool {
        state.withLock { state in
            defer { state = State() }
            return state.until != nil || state.failuresInRow >= max(failures, 1)
        }
    }

    /// The upstream failed (`retryAfter`: the delay it asked for, in seconds). Returns the
    /// pause's length in whole seconds when this failure starts or renews one.
    @discardableResult
    func failed(retryAfter: Int?, now: ContinuousClock.Instant = .now) -> Int? {
        state.withLock { state in
            state.failuresInRow += 1
            state.probing = false
            var pause: Duration?
            if failures > 0, state.failuresInRow >= failures { pause = length }
            if let retryAfter, retryAfter > 0 { pause = max(pause ?? .zero, .seconds(retryAfter)) }
            guard let pause else { return nil }
            state.until = now + pause
            return Self.seconds(pause)
        }
    }

    static func seconds(_ duration: Duration) -> Int {
        let (whole, fraction) = duration.components
        return max(1, Int(whole) + (fraction > 0 ? 1 : 0))
    }
}
