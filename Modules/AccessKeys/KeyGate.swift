#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The door of a shared server (`moments serve --require-keys`): who a request is, from
/// the person's access key it carries, and whether that person is within their limits.
///
/// Every check asks the ``AccessKeyStore`` for the keys as they stand now, so a key
/// revoked in another process is refused by the very next request. Keys are compared by
/// their digests, each one in constant time and all of them every time, so neither a
/// key nor how many there are shows in the time of an answer. Nothing here logs.
public actor KeyGate {
    /// Where the keys live.
    public let store: any AccessKeyStore
    /// What each key may use.
    public let limits: KeyLimits
    private let now: @Sendable () -> Date
    private let monotonic: @Sendable () -> ContinuousClock.Instant
    private var buckets: [String: RequestBucket] = [:]
    private var openStreams: [String: Int] = [:]
    private var followers: [String: Int] = [:]
    private var lastNoted: [String: Date] = [:]

    /// A gate over `store` with `limits`; `now` stamps a key's last use, and `monotonic`
    /// times the rate (a test holds it still, so the rate does not depend on its speed).
    public init(
        store: any AccessKeyStore, limits: KeyLimits = KeyLimits(), now: @escaping @Sendable () -> Date = { Date() },
        monotonic: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.store = store
        self.limits = limits
        self.now = now
        self.monotonic = monotonic
    }

    /// The live key presented as `bearer`, its use noted (at most once a minute).
    ///
    /// - Throws: `SyncError.keyMissing` without one, `SyncError.keyRefused` for a key
    ///   unknown or revoked, and `SyncError.storageFailed(_:)` when the keys cannot be read.
    public func authenticate(_ bearer: String?) async throws(SyncError) -> AccessKeyRecord {
        guard let bearer, !bearer.isEmpty else { throw .keyMissing }
        let presented = AccessKeyRecord.digest(of: bearer)
        var found: AccessKeyRecord?
        for record in try await liveKeys() where SecureToken.matches(presented, record.digest) {
            found = record
        }
        guard let found else { throw .keyRefused }
        await noteUse(of: found.id)
        return found
    }

    /// Refuses the activities of a key revoked since they were made: the owner's key must
    /// still be live for its activities' tokens to work.
    public func requireLive(owner id: String) async throws(SyncError) {
        var live = false
        for record in try await liveKeys() where SecureToken.matches(id, record.id) { live = true }
        guard live else { throw .keyRefused }
    }

    /// Counts one request against key `id`'s rate.
    ///
    /// - Throws: `SyncError.tooManyRequests(retryAfter:reason:)` past the limit.
    public func admit(_ id: String) throws(SyncError) {
        let instant = monotonic()
        var bucket = buckets[id] ?? RequestBucket(capacity: limits.requestsPerSecond, at: instant)
        let wait = bucket.take(rate: limits.requestsPerSecond, at: instant)
        buckets[id] = bucket
        if let wait {
            throw .tooManyRequests(
                retryAfter: wait, reason: "This key made more than \(limits.requestsPerSecond) requests a second")
        }
    }

    /// Counts one open event stream against key `id`'s cap; ``closeStream(of:following:)`` gives it back.
    public func openStream(of id: String) throws(SyncError) {
        let open = openStreams[id, default: 0]
        guard open < limits.streams else {
            // A stream is given back the moment it closes (its client's side is read), so
            // a retry can succeed as soon as one closes: a second is the honest wait.
            throw .tooManyRequests(
                retryAfter: 1, reason: "This key's sessions already have \(limits.streams) event streams open; close one")
        }
        openStreams[id] = open + 1
    }

    /// Counts key `id`'s stream following group sit `sit` against the key's cap and the
    /// sit's cap of followers (``KeyLimits/followersPerSit``); ``closeStream(of:following:)``
    /// gives both back.
    public func openStream(of id: String, following sit: String) throws(SyncError) {
        let open = followers[sit, default: 0]
        guard open < limits.followersPerSit else {
            // As for a key's streams: a place is given back the moment a follower's stream closes.
            throw .tooManyRequests(
                retryAfter: 1, reason: "This group sit already has \(limits.followersPerSit) followers on this server, the most it takes")
        }
        try openStream(of: id)
        followers[sit] = open + 1
    }

    /// Gives back an event stream counted by ``openStream(of:)``, or by
    /// ``openStream(of:following:)`` when `sit` names the group sit it followed.
    public func closeStream(of id: String, following sit: String? = nil) {
        let open = openStreams[id, default: 0] - 1
        openStreams[id] = open > 0 ? open : nil
        guard let sit else { return }
        let following = followers[sit, default: 0] - 1
        followers[sit] = following > 0 ? following : nil
    }

    /// How many followers' streams group sit `sit` has open (for tests and diagnostics).
    public func followerCount(of sit: String) -> Int { followers[sit, default: 0] }

    /// How many event streams key `id` has open (for tests and diagnostics).
    public func streamCount(of id: String) -> Int { openStreams[id, default: 0] }

    private func liveKeys() async throws(SyncError) -> [AccessKeyRecord] {
        do {
            return try await store.keys()
        } catch {
            throw .storageFailed("the server's keys cannot be read: \(error.description)")
        }
    }

    /// Notes a use in the store when the last noted one is a minute old: a listing shows
    /// last use to the minute, and the store is not written on every request.
    private func noteUse(of id: String) async {
        let instant = now()
        if let last = lastNoted[id], instant.timeIntervalSince(last) < 60 { return }
        lastNoted[id] = instant
        // Only the listing's "last used" is lost if this fails; the request goes on.
        try? await store.noteUse(ofKey: id, at: instant)
    }
}
