import AccessKeys
import Hummingbird
import SyncAuthority
import SyncProtocol

/// How the routes of a shared server (`moments serve --require-keys`, ADR 0021) find who
/// asks: creating and listing take the person's access key as the bearer token; everything about
/// one activity takes that activity's token, and counts against the key that owns it.
///
/// A token that is not the activity's is answered 404, as for an activity that does not
/// exist, so ids cannot be probed. On a server without keys (`access` is `nil`) nothing
/// here changes an answer.
extension SyncRoutes {
    /// The person whose key `request` carries, within their rate; `nil` without keys.
    ///
    /// - Throws: 401 without a live key, 429 past the rate.
    func person(_ request: Request) async throws(SyncError) -> AccessKeyRecord? {
        guard let access else { return nil }
        let presented = request.headers[.authorization].flatMap { _ in try? Self.bearer(request) }
        let person = try await access.authenticate(presented)
        try await access.admit(person.id)
        return person
    }

    /// Checks a request about activity `id` on a shared server: the token is the
    /// activity's (else 404), its owner's key is still live (else 401), and the owner is
    /// within their rate (else 429). Answers the owner; `nil` without keys or owner.
    func admitToActivity(_ id: String, token: String) async throws(SyncError) -> String? {
        guard let access else { return nil }
        let owner: String?
        do {
            owner = try await server.owner(of: id, token: token)
        } catch {
            if case .wrongToken = error { throw .notFound(id: id) }
            throw error
        }
        guard let owner else { return nil }
        try await access.requireLive(owner: owner)
        try await access.admit(owner)
        return owner
    }

    /// Admits an event stream of activity `id` and counts it against its owner's cap of
    /// open streams; what to give back when the stream ends.
    func openStream(of id: String, token: String) async throws(SyncError) -> CountedStream? {
        guard let access, let owner = try await admitToActivity(id, token: token) else { return nil }
        try await access.openStream(of: owner)
        return CountedStream(key: owner)
    }

    /// Admits a follower's stream of group sit `id`: counted against the follower's own
    /// key and the sit's cap of followers; what to give back when it ends.
    func openFollowerStream(of id: String, for request: Request) async throws(SyncError) -> CountedStream? {
        guard let access, let follower = try await person(request)?.id else { return nil }
        try await access.openStream(of: follower, following: id)
        return CountedStream(key: follower, sit: id)
    }

    /// Runs `open`, the subscription of a stream already `counted`, and gives the count
    /// back when it fails.
    func opening<T>(countedAgainst counted: CountedStream?, _ open: () async throws(SyncError) -> T) async throws(SyncError) -> T {
        do {
            return try await open()
        } catch {
            await giveBack(counted)
            throw error
        }
    }

    /// Gives back what a stream was counted against.
    func giveBack(_ counted: CountedStream?) async {
        guard let counted else { return }
        await access?.closeStream(of: counted.key, following: counted.sit)
    }
}

/// What an open event stream is counted against on a shared server: a key's streams, and
/// for a follower the group sit's followers too.
struct CountedStream: Sendable {
    /// The key whose cap of streams it counts against.
    let key: String
    /// The group sit whose followers it counts among, for a follower's stream.
    var sit: String? = nil
}
