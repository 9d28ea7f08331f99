import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every check the server makes on what a client sends, from the header's or the body's
/// text: the routes call these, and so does the server's fuzz target (Tests/Fuzz), which is
/// why they take plain strings and bytes and are `package`, not private to the routes.
package enum RequestValidation {
    /// A creation body (`POST /v1/activities`), strictly read.
    package static func createBody(_ body: Data) throws(SyncError) -> CreateActivityBody {
        try StrictJSON.decode(CreateActivityBody.self, from: body, allowed: CreateActivityBody.fields)
    }

    /// An intent body (`POST /v1/activities/{id}/intents`), strictly read.
    package static func intentBody(_ body: Data) throws(SyncError) -> IntentBody {
        if let compact = IntentBody.readCompact(body) { return compact }
        return try intentBodyDecoded(body)
    }

    /// An intent body read by `JSONDecoder` alone, whatever its form: the reference the
    /// compact reader is held to (tests and the server's fuzz target), and what reads and
    /// explains every body that reader leaves.
    package static func intentBodyDecoded(_ body: Data) throws(SyncError) -> IntentBody {
        try StrictJSON.decode(IntentBody.self, from: body, allowed: IntentBody.fields)
    }

    /// The token of `Authorization: Bearer <token>`.
    package static func bearer(_ header: String?) throws(SyncError) -> String {
        guard let header else { throw .missingToken }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else { throw .missingToken }
        return String(parts[1])
    }

    /// The version of `Last-Event-ID`, or nil (then the stream starts with the current state).
    package static func lastEventID(_ header: String?) -> UInt64? {
        header.flatMap { UInt64($0.trimmingWhitespace) }
    }

    /// The creation's key from its `Idempotency-Key` headers: none, or exactly one valid key.
    package static func idempotencyKey(_ values: [String]) throws(SyncError) -> IdempotencyKey? {
        guard let value = values.first else { return nil }
        guard values.count == 1 else {
            throw .badRequest("Send one 'Idempotency-Key' header, not \(values.count).")
        }
        return try IdempotencyKey(header: value)
    }

    /// The expected version from the body or `If-Match: "N"`; both must agree.
    package static func expectedVersion(ifMatch header: String?, body: UInt64?) throws(SyncError) -> UInt64? {
        guard let header else { return body }
        var trimmed = Substring(header.trimmingWhitespace)
        while trimmed.first == "\"" { trimmed.removeFirst() }
        while trimmed.last == "\"" { trimmed.removeLast() }
        guard let version = UInt64(trimmed) else {
            throw .badRequest("'If-Match' must be a version in quotes, such as \"3\".")
        }
        if let body, body != version {
            throw .badRequest("'expected_version' (\(body)) and 'If-Match' (\(version)) disagree; send one.")
        }
        return version
    }
}
