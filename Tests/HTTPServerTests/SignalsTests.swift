import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Termination signals are blocked, then taken with sigwait (no handler).
@Suite struct SignalsTests {
    /// Runs on a thread of its own, so the test process's other threads keep
    /// their signal masks; the signal is directed at that thread only.
    @Test func blockedSignalIsReceivedBySigwait() {
        let received = Mutex<Int32>(0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Server.blockTerminationSignals()
            pthread_kill(pthread_self(), SIGTERM)
            let signal = Server.waitForTerminationSignal()
            received.withLock { $0 = signal }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == SIGTERM)
    }
}
