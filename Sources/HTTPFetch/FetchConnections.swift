import CCurlLoader

#if canImport(Glibc)
    import Glibc
#endif

/// Connections kept open between the fetches of one ``Fetcher`` (HTTP/1.1 keep-alive; a TLS
/// connection's handshake done once): a few libcurl easy handles, each used by one fetch at a
/// time and kept idle after it with its connections, and a share of their DNS cache and TLS
/// sessions, so that a handle made later resumes a session instead of a full handshake.
///
/// libcurl does not support sharing one connection cache between threads (CURLSHOPT_SHARE's
/// CURL_LOCK_DATA_CONNECT), so connections stay with the handle that opened them; the DNS
/// cache and the TLS sessions are shared under a lock per kind of data, as libcurl asks.
public final class FetchConnections: @unchecked Sendable {
    // @unchecked: `share` is used by libcurl under `locks` alone; `idle` is under its own lock.

    /// The most idle handles kept; one more is cleaned up (its connections closed) when its fetch ends.
    public let maximumIdle: Int
    private let share: UnsafeMutableRawPointer?
    /// One mutex per kind of shared data (`curl_lock_data`), handed to the lock callbacks.
    private let locks: UnsafeMutablePointer<pthread_mutex_t>
    private static let lockCount = Int(CURL_LOCK_DATA_LAST.rawValue)
    private let idle = IdleHandles()

    /// Connections for fetches of which at most `maximumIdle` (at least 1) are kept idle.
    public init(maximumIdle: Int) {
        self.maximumIdle = max(1, maximumIdle)
        locks = .allocate(capacity: Self.lockCount)
        for index in 0..<Self.lockCount { pthread_mutex_init(locks + index, nil) }
        // Without libcurl (its setup failed), each fetch fails as an unshared one would.
        share = CurlLibrary.isReady ? curl_share_init() : nil
        if let share {
            _ = liststate_curl_share_set_pointer(share, UnsafeMutableRawPointer(locks))
            _ = liststate_curl_share_set_lock(share, Self.lock)
            _ = liststate_curl_share_set_unlock(share, Self.unlock)
            for data in [CURL_LOCK_DATA_DNS, CURL_LOCK_DATA_SSL_SESSION] {
                _ = liststate_curl_share_set_long(share, CURLSHOPT_SHARE, Int(data.rawValue))
            }
        }
    }

    deinit {
        // The handles first: a share in use by one cannot be cleaned up.
        for handle in idle.takeAll() { curl_easy_cleanup(handle) }
        if let share { curl_share_cleanup(share) }
        for index in 0..<Self.lockCount { pthread_mutex_destroy(locks + index) }
        locks.deallocate()
    }

    /// How many handles are idle now (each with the connections it keeps).
    public var idleCount: Int { idle.count }

    /// An idle handle (its options as new, its connections kept), else a new one on the share.
    func take() -> UnsafeMutableRawPointer? {
        if let handle = idle.take() { return handle }
        guard let handle = curl_easy_init() else { return nil }
        if let share { _ = liststate_curl_set_pointer(handle, CURLOPT_SHARE, share) }
        return handle
    }

    /// Gives back a handle whose fetch ended: its options reset (they point at that fetch's
    /// buffers; `curl_easy_reset` keeps connections and the share), kept idle if there is room.
    func give(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        if !idle.keep(handle, maximum: maximumIdle) { curl_easy_cleanup(handle) }
    }

    private static let lock: curl_lock_function = { _, data, _, context in
        guard let context, Int(data.rawValue) < lockCount else { return }
        pthread_mutex_lock(context.assumingMemoryBound(to: pthread_mutex_t.self) + Int(data.rawValue))
    }

    private static let unlock: curl_unlock_function = { _, data, context in
        guard let context, Int(data.rawValue) < lockCount else { return }
        pthread_mutex_unlock(context.assumingMemoryBound(to: pthread_mutex_t.self) + Int(data.rawValue))
    }
}

/// The idle easy handles of a ``FetchConnections``, under a lock.
private final class IdleHandles: @unchecked Sendable {
    // @unchecked: `handles` is read and written under `mutex` only.
    private var handles: [UnsafeMutableRawPointer] = []
    /// On the heap: a pthread mutex must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    var count: Int { locked { handles.count } }

    /// The handle kept last (its connections the likeliest still open).
    func take() -> UnsafeMutableRawPointer? { locked { handles.popLast() } }

    /// Keeps `handle` unless `maximum` are kept already.
    func keep(_ handle: UnsafeMutableRawPointer, maximum: Int) -> Bool {
        locked {
            guard handles.count < maximum else { return false }
            handles.append(handle)
            return true
        }
    }

    /// Every idle handle, none left.
    func takeAll() -> [UnsafeMutableRawPointer] {
        locked {
            defer { handles = [] }
            return handles
        }
    }
}
