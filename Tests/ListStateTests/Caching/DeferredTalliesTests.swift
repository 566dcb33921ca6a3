import Foundation
import Synchronization
import Testing

@testable import ListState

/// The tallies a first page leaves to after its answer: each key taken once while it waits,
/// at most ``DeferredTallies/maximumWaiting`` at once, every one run, in turn.
@Suite struct DeferredTalliesTests {
    /// Waits until `condition` holds (at most 10 s); whether it did.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    @Test func aKeyWaitingIsNotTakenTwiceAndEveryTallyRuns() {
        let tallies = DeferredTallies()
        let gate = DispatchSemaphore(value: 0)
        let ran = Mutex<[String]>([])
        #expect(
            tallies.run("a") {
                gate.wait()
                ran.withLock { $0.append("a") }
            })
        #expect(!tallies.run("a") { ran.withLock { $0.append("a again") } })
        #expect(tallies.run("b") { ran.withLock { $0.append("b") } })
        #expect(tallies.waitingCount == 2)
        gate.signal()
        #expect(Self.eventually { tallies.waitingCount == 0 })
        // One at a time, in the order taken.
        #expect(ran.withLock { $0 } == ["a", "b"])
        // Once done, the key is taken again.
        #expect(tallies.run("a") { ran.withLock { $0.append("a later") } })
        #expect(Self.eventually { ran.withLock { $0.last } == "a later" })
    }

    @Test func noMoreThanTheMostWaitingAreTaken() {
        let tallies = DeferredTallies()
        let gate = DispatchSemaphore(value: 0)
        for number in 0..<DeferredTallies.maximumWaiting {
            #expect(tallies.run("\(number)") { gate.wait() })
        }
        #expect(!tallies.run("one more") {})
        #expect(!tallies.runAwaited("one more awaited") {})
        for _ in 0..<DeferredTallies.maximumWaiting { gate.signal() }
        #expect(Self.eventually { tallies.waitingCount == 0 })
    }

    @Test func anAwaitedTallyRunsAndLetsItsKeyGo() {
        let tallies = DeferredTallies()
        let ran = Mutex(false)
        #expect(tallies.runAwaited("x") { ran.withLock { $0 = true } })
        #expect(Self.eventually { ran.withLock { $0 } && tallies.waitingCount == 0 })
    }
}
