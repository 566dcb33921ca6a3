import Synchronization
import Testing

@testable import ListStore

/// A read that suspends is bounded by its deadline (`AwaitedRead`): its result when it
/// answers first, else a timeout whether or not it honours cancellation.
@Suite struct AwaitedReadTests {
    @Test func aReadThatAnswersInTimeGivesItsResult() async {
        let result = await AwaitedRead.result(until: .now + .seconds(30)) { () async -> Result<Int, ListStoreError> in
            await Task.yield()
            return .success(42)
        }
        #expect((try? result.get()) == 42)
    }

    @Test func aReadsFailureIsItsOwn() async {
        let result = await AwaitedRead.result(until: .now + .seconds(30)) { () async -> Result<Int, ListStoreError> in
            .failure(ListStoreError(kind: .corrupt, message: "damaged"))
        }
        guard case .failure(let error) = result else {
            Issue.record("a failing read succeeded")
            return
        }
        #expect(error.kind == .corrupt)
    }

    @Test func theDeadlineAnswersATimeoutAlthoughTheReadIgnoresCancellation() async {
        let returned = Mutex(false)
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let result = await AwaitedRead.result(until: .now + .milliseconds(50)) { () async -> Result<Int, ListStoreError> in
            // A detached wait is not cancelled with the read: the read returns only when released.
            await Task.detached { for await _ in release { break } }.value
            returned.withLock { $0 = true }
            return .success(1)
        }
        let hadReturned = returned.withLock { $0 }
        #expect(!hadReturned, "the answer did not wait for the read")
        guard case .failure(let error) = result else {
            Issue.record("the late read's result was the answer")
            releasing.finish()
            return
        }
        #expect(error.kind == .timedOut && error.isTransient)
        releasing.finish()
    }

    @Test func aReadTheDeadlineBeatIsCancelled() async {
        let (cancelled, cancelling) = AsyncStream<Void>.makeStream()
        let (never, keptOpen) = AsyncStream<Void>.makeStream()
        defer { keptOpen.finish() }
        let result = await AwaitedRead.result(until: .now + .milliseconds(20)) { () async -> Result<Int, ListStoreError> in
            await withTaskCancellationHandler {
                for await _ in never {}
            } onCancel: {
                cancelling.yield()
            }
            return .success(1)
        }
        #expect((try? result.get()) == nil)
        var iterator = cancelled.makeAsyncIterator()
        #expect(await iterator.next() != nil, "the read was cancelled")
    }
}
