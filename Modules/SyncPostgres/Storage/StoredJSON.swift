#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncAuthority
import SyncProtocol

/// The JSON the tables hold: Sync's own shapes (`SyncRecord`, `ActivitySnapshot`), written
/// and read with plain JSON coders, as the JSON-file storage writes them.
enum StoredJSON {
    /// The text of a value's JSON.
    static func text(of value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    /// The text of an activity's `state` column: its checkpoint without the answers, which
    /// `activity_answers` keeps a row each, and with the token's digest and sealed form,
    /// never the token (ADR 0023); a group sit's follow code the same way (ADR 0072).
    static func stateText(of activity: StoredActivity) throws -> String {
        try text(
            of: SyncRecord(
                snapshot: activity.snapshot, token: activity.token.sharedForm, answers: [], creation: activity.creation,
                owner: activity.owner, followCode: activity.followCode?.sharedForm))
    }

    /// An answer read back from its row of `activity_answers`.
    static func answer(clientID: String, intentID: String, outcome text: String) throws(PostgresStorageError) -> StoredAnswer {
        do {
            let outcome = try JSONDecoder().decode(IntentOutcome.self, from: Data(text.utf8))
            return StoredAnswer(key: IntentKey(clientID: clientID, intentID: intentID), outcome: outcome)
        } catch {
            throw .unreadable("a remembered answer is not an intent's outcome: \(error)")
        }
    }

    /// An activity read back from its `state` column: the checkpoint folded.
    static func activity(fromState text: String) throws(PostgresStorageError) -> StoredActivity {
        let record: SyncRecord
        do {
            record = try JSONDecoder().decode(SyncRecord.self, from: Data(text.utf8))
        } catch {
            // Not the decoder's words: the state holds the activity's token.
            throw .unreadable("an activity's state is not a Sync record")
        }
        guard let activity = SyncRecord.fold([record])[record.snapshot.id] else {
            throw .unreadable("the activity \(record.snapshot.id)'s state has no token")
        }
        return activity
    }

    /// A snapshot read back from the change log or the history.
    static func snapshot(from text: String) throws(PostgresStorageError) -> ActivitySnapshot {
        do {
            return try JSONDecoder().decode(ActivitySnapshot.self, from: Data(text.utf8))
        } catch {
            throw .unreadable("a change is not an activity snapshot: \(error)")
        }
    }
}
