/// Why the server could not answer a request as asked. Each case maps to one HTTP status
/// and carries a message that says what to do.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No activity with this id.
    case notFound(id: String)
    /// The request carried no bearer token.
    case missingToken
    /// The bearer token is not this activity's.
    case wrongToken
    /// The request is malformed; the message names the field.
    case badRequest(String)
    /// The rules refused the intent (409).
    case refused(code: String, message: String, current: ActivitySnapshot)
    /// The intent was based on a version that moved on (412).
    case staleVersion(expected: UInt64, current: ActivitySnapshot)
    /// A creation's idempotency key was already used for a creation with other attributes
    /// (422); nothing was created.
    case idempotencyKeyReused
    /// The change could not be made durable; nothing was applied.
    case storageFailed(String)
    /// The storage failed where the change may already be durable (a database that did
    /// not confirm its commit, `UnconfirmedCommit`): the same request, with the same
    /// intent id or idempotency key, answers what happened, and never applies it twice (503).
    case outcomeUnknown(String)
    /// The server is shutting down.
    case unavailable
    /// The server could not be reached (a client-side error: no status was received).
    case unreachable(String)
    /// A shared server (`--require-keys`) was sent no person's access key (401).
    case keyMissing
    /// The person's access key is unknown or was revoked (401): the same answer for both, so
    /// nobody learns which keys once existed.
    case keyRefused
    /// A key went past one of its limits (429); nothing was changed. `retryAfter` is in
    /// whole seconds, as the `Retry-After` header says it.
    case tooManyRequests(retryAfter: Int, reason: String)
    /// A group sit's follower sent an intent: its join code follows the sit and changes
    /// nothing; only the leader, with the session's token, does (403).
    case followerOnly
    /// A join code that no longer opens its channel (403): the leader revoked it
    /// (`revoked`), or the sit is over and dismissed.
    case channelClosed(revoked: Bool)

    /// The HTTP status this error is answered with.
    public var httpStatus: Int {
        switch self {
        case .notFound: return 404
        case .missingToken: return 401
        case .wrongToken: return 403
        case .badRequest: return 400
        case .refused: return 409
        case .staleVersion: return 412
        case .idempotencyKeyReused: return 422
        case .storageFailed, .outcomeUnknown, .unavailable, .unreachable: return 503
        case .keyMissing, .keyRefused: return 401
        case .tooManyRequests: return 429
        case .followerOnly, .channelClosed: return 403
        }
    }

    /// A stable, machine-readable code.
    public var code: String {
        switch self {
        case .notFound: return "not_found"
        case .missingToken: return "missing_token"
        case .wrongToken: return "wrong_token"
        case .badRequest: return "bad_request"
        case .refused(let code, _, _): return code
        case .staleVersion: return "stale_version"
        case .idempotencyKeyReused: return "idempotency_key_reused"
        case .storageFailed: return "storage_failed"
        case .outcomeUnknown: return "outcome_unknown"
        case .unavailable: return "unavailable"
        case .unreachable: return "unreachable"
        case .keyMissing: return "missing_key"
        case .keyRefused: return "unknown_key"
        case .tooManyRequests: return "too_many_requests"
        case .followerOnly: return "follower_only"
        case .channelClosed(let revoked): return revoked ? "code_revoked" : "channel_closed"
        }
    }

    public var description: String {
        switch self {
        case .notFound(let id):
            return "There is no activity '\(id)'; list them with GET /v1/activities."
        case .missingToken:
            return "This needs the activity's token: send 'Authorization: Bearer <token>'."
        case .wrongToken:
            return "That token is not this activity's; use the token given when it was created."
        case .badRequest(let message):
            return message
        case .refused(_, let message, _):
            return message
        case .staleVersion(let expected, let current):
            return "The intent was based on version \(expected), but the activity is at version "
                + "\(current.version); look at the current state and send it again if it still applies."
        case .idempotencyKeyReused:
            return "This Idempotency-Key already created an activity with another name, target, show_seconds or "
                + "client_id; nothing was created. Retry with the same attributes to get that activity, "
                + "or use a new key for a new one."
        case .storageFailed(let message):
            return "The change could not be saved (\(message)); nothing was applied. Try again."
        case .outcomeUnknown(let message):
            return "The change may or may not have been saved (\(message)). Send the same request again, "
                + "with the same intent id or Idempotency-Key: it answers what happened and is never applied twice."
        case .unavailable:
            return "The server is shutting down; try again in a moment."
        case .unreachable(let detail):
            return "The sync server cannot be reached (\(detail)); check that it is running and the address is right."
        case .keyMissing:
            return "This server asks every person for their access key: send 'Authorization: Bearer <key>' "
                + "(`moments start --server` and `watch --server` take it from --key or MOMENTS_KEY). "
                + "Its operator makes one with `moments keys add NAME`."
        case .keyRefused:
            return "This server does not know that key, or it was revoked. Ask its operator for a new one "
                + "(`moments keys add NAME`) and pass it with --key or MOMENTS_KEY."
        case .tooManyRequests(let retryAfter, let reason):
            return "\(reason); nothing was changed. Try again in \(retryAfter) s."
        case .followerOnly:
            return "A join code follows a group sit and changes nothing; only its leader pauses, finishes or "
                + "revokes it. Leave with q, or start a sit of your own."
        case .channelClosed(let revoked):
            return revoked
                ? "The leader revoked this join code; ask them for the sit's new one, or start a sit of your own."
                : "This group sit is over, and its join code closed with it; start a sit of your own, or join the next."
        }
    }
}
