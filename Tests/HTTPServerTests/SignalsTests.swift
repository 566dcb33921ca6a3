import Foundation
import Synchronization
import Testing

@testable import HTTPServer

/// Termination signals are blocked, then taken with sigwait (no handler).
/// Serialized: one test sets SIGHUP's disposition, which is the process's.
@Suite(.serialized) struct SignalsTests {
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

    /// Issue 41: SIGHUP (a closed terminal, a supervisor's stop) ended the
    /// process at once, without the drain SIGTERM and SIGINT get. It is blocked
    /// and taken like them; it is sent only once blocked, so a failure cannot
    /// end the test process.
    @Test func hangUpIsBlockedAndReceivedLikeTermination() {
        let received = Mutex<Int32?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Self.unblockHangUp()
            Server.blockTerminationSignals()
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            if sigismember(&mask, SIGHUP) == 1 {
                pthread_kill(pthread_self(), SIGHUP)
                let signal = Server.waitForTerminationSignal(timeout: .seconds(5))
                received.withLock { $0 = signal }
            }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(received.withLock { $0 } == SIGHUP)
    }

    /// A SIGHUP the process was started ignoring (`nohup`) is left ignored:
    /// closing the terminal does not stop the server.
    @Test func anIgnoredHangUpStaysIgnored() {
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        let blocked = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Self.unblockHangUp()
            Server.blockTerminationSignals()
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            blocked.withLock { $0 = sigismember(&mask, SIGHUP) == 1 }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(blocked.withLock { $0 } == false)
        #expect(Server.isIgnored(SIGHUP))
    }

    /// A thread started from a test may inherit a mask that blocks SIGHUP already.
    static func unblockHangUp() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
