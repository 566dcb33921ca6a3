import Synchronization
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
}
