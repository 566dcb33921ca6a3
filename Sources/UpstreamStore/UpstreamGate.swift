import ListStore
import Synchronization

/// At most `width` holders at once; the others wait suspended, first come first served, each
/// until its deadline at most.
final class UpstreamGate: Sendable {
    private struct State {
        var free: Int
        var waiting: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var lastID = 0
    }

    private let state: Mutex<State>

    init(width: Int) { state = Mutex(State(free: max(1, width))) }

    /// Waits for a place.
    func enter() async { _ = await enter(until: nil) }

    /// Waits for a place until `deadline` (nil: as long as it takes). Returns false when none
    /// came by then: the caller holds no place and must not leave.
    func enter(until deadline: ContinuousClock.Instant?) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiting = state.withLock { state -> Int? in
                guard state.free > 0 else {
                    state.lastID += 1
                    state.waiting.append((state.lastID, continuation))
                    return state.lastID
                }
                state.free -= 1
                return nil
            }
            guard let id = waiting else { return continuation.resume(returning: true) }
            guard let deadline else { return }
            // On the reads' executor, as a read's own deadline: kept on time whatever blocks Swift's pool.
            Task(executorPreference: ReadExecutor.shared) { [self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                // Still waiting at its deadline: out of the queue, without a place.
                let late = state.withLock { state in
                    state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).continuation }
                }
                late?.resume(returning: false)
            }
        }
    }

    /// Gives the place to the next waiting, or frees it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
