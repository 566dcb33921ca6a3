import Testing

@testable import UpstreamStore

/// The upstream is left alone after failures in a row or for its own `Retry-After`, then probed
/// by one request at a time; an answer ends the pause.
@Suite struct UpstreamPauseTests {
    let start = ContinuousClock.now

    @Test func failuresInARowStartAPauseThenOneRequestProbes() {
        let pause = UpstreamPause(failures: 3, length: .seconds(30))
        #expect(pause.failed(retryAfter: nil, now: start) == nil)
        #expect(pause.failed(retryAfter: nil, now: start) == nil)
        #expect(pause.admit(now: start) == nil, "two failures: still asked")
        #expect(pause.failed(retryAfter: nil, now: start) == 30, "the third starts the pause")
        #expect(pause.admit(now: start + .seconds(10)) == 20)
        #expect(pause.admit(now: start + .milliseconds(29_500)) == 1, "part of a second left is a second")
        #expect(pause.admit(now: start + .seconds(31)) == nil, "the probe")
        #expect(pause.admit(now: start + .seconds(31)) == 1, "only one probe at a time")
        #expect(pause.failed(retryAfter: nil, now: start + .seconds(32)) == 30, "a failed probe pauses again")
        #expect(pause.admit(now: start + .seconds(40)) == 22)
        #expect(pause.admit(now: start + .seconds(63)) == nil)
        #expect(pause.succeeded(), "an answer ends the pause")
        #expect(pause.admit(now: start + .seconds(63)) == nil && pause.admit(now: start + .seconds(63)) == nil)
    }

    @Test func anAnswerBetweenFailuresStartsTheCountAgain() {
        let pause = UpstreamPause(failures: 2, length: .seconds(5))
        #expect(pause.failed(retryAfter: nil, now: start) == nil)
        #expect(!pause.succeeded(), "no pause was on")
        #expect(pause.failed(retryAfter: nil, now: start) == nil)
        #expect(pause.failed(retryAfter: nil, now: start) == 5)
    }

    @Test(arguments: [(3, 60, 60), (1, 60, 60), (1, 10, 30)])
    func theUpstreamsRetryAfterPausesAtOnce(failures: Int, retryAfter: Int, paused: Int) {
        let pause = UpstreamPause(failures: failures == 1 ? 1 : 3, length: .seconds(30))
        #expect(pause.failed(retryAfter: retryAfter, now: start) == paused, "the longer of its delay and a pause due")
        #expect(pause.admit(now: start + .seconds(1)) == paused - 1)
    }

    @Test func noPauseForFailuresWhenTurnedOffButForRetryAfter() {
        let pause = UpstreamPause(failures: 0, length: .seconds(30))
        for _ in 0..<10 { #expect(pause.failed(retryAfter: nil, now: start) == nil) }
        #expect(pause.admit(now: start) == nil)
        #expect(pause.failed(retryAfter: 7, now: start) == 7)
        #expect(pause.admit(now: start) == 7)
    }
}
