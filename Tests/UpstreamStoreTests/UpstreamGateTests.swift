import Synchronization
import TestSupport
import Testing

@testable import UpstreamStore

/// At most `width` requests to an upstream at once; the others wait their turn.
@Suite struct UpstreamGateTests {
    /// How many hold the gate now, and the most that held it at once.
    final class Inside: Sendable { let state = Mutex((now: 0, most: 0)) }

    @Test(arguments: [(2, 2), (1, 1), (0, 1)])
    func noMoreThanItsWidthAtOnce(width: Int, most: Int) async {
        let gate = UpstreamGate(width: width)
        let inside = Inside()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await gate.enter()
                    inside.state.withLock {
                        $0.now += 1
                        $0.most = max($0.most, $0.now)
                    }
                    try? await Task.sleep(for: .milliseconds(20))
                    inside.state.withLock { $0.now -= 1 }
                    gate.leave()
                }
            }
        }
        #expect(inside.state.withLock { $0.most } == most, "a width below 1 is 1")
    }

    /// A waiter whose deadline comes first leaves the queue without a place, and the place it
    /// waited for is not lost: the next one gets it.
    @Test func aWaiterPastItsDeadlineGetsNoPlace() async {
        let gate = UpstreamGate(width: 1)
        await gate.enter()
        // On a thread of its own: Swift's pool, busy with other tests, would hold its answer up.
        let (admitted, took) = await onOwnExecutor {
            let started = ContinuousClock.now
            return (await gate.enter(until: .now + .milliseconds(50)), ContinuousClock.now - started)
        }
        #expect(!admitted && took < .seconds(5), "by its deadline (\(took))")
        gate.leave()
        #expect(await gate.enter(until: .now + .milliseconds(50)), "the place is free again")
        #expect(await gate.enter(until: .now + .milliseconds(50)) == false, "and held again")
    }
}
