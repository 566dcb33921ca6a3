import HTTPServer
import Testing

@testable import ListState

/// The table of kept answers: limits by bytes and by entries, oldest out first.
@Suite struct ResponseCacheTests {
    func response(_ size: Int, _ byte: UInt8 = 0x61) -> Response {
        Response.html([UInt8](repeating: byte, count: size))
    }

    @Test func keepsAndFindsByKey() {
        let cache = ResponseCache<String>(byteLimit: 1000)
        cache.store(response(10, 0x62), for: "a")
        #expect(cache.response(for: "a")?.body == [UInt8](repeating: 0x62, count: 10))
        #expect(cache.response(for: "b") == nil)
    }

    @Test func dropsTheOldestWhenTheBytesRunOut() {
        let cache = ResponseCache<Int>(byteLimit: 100)
        for key in 0..<5 { cache.store(response(30), for: key) }
        #expect(cache.usage.bytes <= 100)
        #expect(cache.usage.entries == 3)
        #expect(cache.response(for: 0) == nil && cache.response(for: 1) == nil)
        #expect(cache.response(for: 2) != nil && cache.response(for: 4) != nil)
    }

    @Test func dropsTheOldestWhenTheEntriesRunOut() {
        let cache = ResponseCache<Int>(byteLimit: 1 << 20, entryLimit: 3)
        for key in 0..<10 { cache.store(response(1), for: key) }
        #expect(cache.usage.entries == 3)
        #expect((7..<10).allSatisfy { cache.response(for: $0) != nil })
    }

    @Test func replacingAnEntryCountsItsBytesOnce() {
        let cache = ResponseCache<String>(byteLimit: 100)
        cache.store(response(40), for: "a")
        cache.store(response(60), for: "a")
        #expect(cache.usage.entries == 1 && cache.usage.bytes == 60)
        cache.store(response(40), for: "b")
        #expect(cache.usage.bytes == 100)
    }

    @Test func aBodyLargerThanTheBudgetIsNotKept() {
        let cache = ResponseCache<String>(byteLimit: 10)
        cache.store(response(11), for: "big")
        #expect(cache.response(for: "big") == nil && cache.usage.entries == 0)
    }

    @Test func manyKeysChurnWithinTheLimits() {
        let cache = ResponseCache<Int>(byteLimit: 5_000, entryLimit: 64)
        for key in 0..<20_000 { cache.store(response(key % 100), for: key) }
        #expect(cache.usage.bytes <= 5_000 && cache.usage.entries <= 64)
        #expect(cache.response(for: 19_999) != nil)
    }
}
