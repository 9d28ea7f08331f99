#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// How a client reads an error answer of the sync protocol (Documentation/Protocol.md):
/// the status and body the server sent, back into the ``SyncError`` it was made from.
extension SyncError {
    /// The error an error response of the protocol stands for: its status, its JSON body
    /// (``ErrorBody``), the activity asked about and a 429's `Retry-After` in seconds.
    init(status: Int, body: Data, id: String, retryAfter: Int? = nil) {
        self = Self.decoding(status: status, body: body, id: id, retryAfter: retryAfter)
    }

    private static func decoding(status: Int, body: Data, id: String, retryAfter: Int?) -> SyncError {
        let decoded = try? JSONDecoder().decode(ErrorBody.self, from: body)
        let message = decoded?.message ?? "HTTP \(status)"
        switch status {
        case 400, 413: return .badRequest(message)
        case 401:
            switch decoded?.error {
            case SyncError.keyMissing.code: return .keyMissing
            case SyncError.keyRefused.code: return .keyRefused
            default: return .missingToken
            }
        case 429:
            // The server's reason, without its own "nothing was changed…" tail, which the
            // error's description says again.
            let reason = message.components(separatedBy: "; nothing was changed").first ?? message
            return .tooManyRequests(retryAfter: retryAfter ?? 1, reason: reason)
        case 403:
            switch decoded?.error {
            case SyncError.followerOnly.code: return .followerOnly
            case SyncError.channelClosed(revoked: true).code: return .channelClosed(revoked: true)
            case SyncError.channelClosed(revoked: false).code: return .channelClosed(revoked: false)
            default: return .wrongToken
            }
        case 404:
            // The protocol says which activity it does not know; a bare 404 is a path that
            // nothing serves: another program at that address, or a wrong one.
            guard decoded != nil else {
                return .unreachable("its answer was HTTP 404, not the sync protocol's: is it a `moments serve`")
            }
            return .notFound(id: id)
        case 409:
            if let state = decoded?.state { return .refused(code: decoded?.error ?? "conflict", message: message, current: state.snapshot) }
        case 412:
            if let state = decoded?.state {
                return .staleVersion(expected: decoded?.expectedVersion ?? 0, current: state.snapshot)
            }
        case 422:
            if decoded?.error == SyncError.idempotencyKeyReused.code { return .idempotencyKeyReused }
        case 503:
            switch decoded?.error {
            case "unavailable": return .unavailable
            case SyncError.outcomeUnknown("").code: return .outcomeUnknown(message)
            default: return .storageFailed(message)
            }
        default:
            break
        }
        return .unreachable("HTTP \(status): \(message)")
    }
}
