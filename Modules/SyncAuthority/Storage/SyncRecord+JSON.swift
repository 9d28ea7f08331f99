import Domain
import SyncProtocol

// The JSON of what the sync server's storage keeps, written by hand (``Domain/JSONWriter``):
// each is its type's `encode(to:)` through `JSONEncoder` with sorted keys, byte for byte,
// members in that order. The JSON storage's journal writes every change this way, where
// `JSONEncoder` had been half of an intent's CPU time (issue 25).
// `Tests/SyncTests/SyncRecordJSONTests` holds every one to the encoder over Mothers and
// generated records; a field added to a type's `Codable` form must be added here too.

extension ActivitySnapshot: JSONWritable {
    /// Writes the snapshot as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("activity")
        writer.value(activity)
        if let alert {
            writer.key("alert")
            writer.value(alert)
        }
        writer.key("event")
        writer.string(event.rawValue)
        writer.key("id")
        writer.string(id)
        writer.key("timestamp")
        writer.instant(timestamp)
        writer.key("version")
        writer.integer(version)
        writer.endObject()
    }
}

/// The one snapshot a record may hold twice, written once and its bytes copied the second
/// time: an amendment's snapshot is the very one (``ActivitySnapshot/isCopy(of:)``) that its
/// intent's answer holds, and writing a snapshot is most of writing a record.
struct SnapshotWrittenOnce {
    /// The snapshot to write once; `nil`: every snapshot is written.
    let snapshot: ActivitySnapshot?
    /// Where the writer has it, once written.
    private var written: Range<Int>?

    init(_ snapshot: ActivitySnapshot?) {
        self.snapshot = snapshot
    }

    /// Writes `candidate`: as the bytes written before when it is a copy of ``snapshot``.
    mutating func write(_ candidate: ActivitySnapshot, to writer: inout JSONWriter) {
        guard let snapshot, candidate.isCopy(of: snapshot) else { return writer.value(candidate) }
        if let written {
            writer.repeatValue(at: written)
        } else {
            written = writer.valueAt(candidate)
        }
    }
}

extension IntentOutcome: JSONWritable {
    /// Writes the outcome as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        var every = SnapshotWrittenOnce(nil)
        write(to: &writer, snapshots: &every)
    }

    /// Writes the outcome, its snapshot through `snapshots`.
    func write(to writer: inout JSONWriter, snapshots: inout SnapshotWrittenOnce) {
        writer.beginObject()
        switch self {
        case .applied:
            writer.key("kind")
            writer.string("applied")
        case .refused(let code, let message, _):
            writer.key("code")
            writer.string(code)
            writer.key("kind")
            writer.string("refused")
            writer.key("message")
            writer.string(message)
        case .staleVersion(let expected, _):
            writer.key("expected")
            writer.integer(expected)
            writer.key("kind")
            writer.string("stale_version")
        }
        writer.key("snapshot")
        snapshots.write(snapshot, to: &writer)
        writer.endObject()
    }
}

extension StoredAnswer: JSONWritable {
    /// Writes the answer as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        var every = SnapshotWrittenOnce(nil)
        write(to: &writer, snapshots: &every)
    }

    /// Writes the answer, its outcome's snapshot through `snapshots`.
    func write(to writer: inout JSONWriter, snapshots: inout SnapshotWrittenOnce) {
        writer.beginObject()
        writer.key("key")
        writer.beginObject()
        writer.key("client_id")
        writer.string(key.clientID)
        writer.key("intent_id")
        writer.string(key.intentID)
        writer.endObject()
        writer.key("outcome")
        outcome.write(to: &writer, snapshots: &snapshots)
        writer.endObject()
    }
}

extension ActivityCreation: JSONWritable {
    /// Writes the creation as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("attributes")
        writer.value(attributes)
        writer.key("client_id")
        writer.string(clientID)
        writer.key("key_sha256")
        writer.string(keyDigest)
        writer.key("show_seconds")
        writer.bool(showSeconds)
        writer.endObject()
    }
}

extension SyncRecord: JSONWritable {
    /// Writes the record as its `encode(to:)` does; its snapshot once, where an answer
    /// holds it too.
    public func write(to writer: inout JSONWriter) {
        var once = SnapshotWrittenOnce(snapshot)
        writer.beginObject()
        writer.key("answers")
        writer.beginArray()
        for answer in answers { answer.write(to: &writer, snapshots: &once) }
        writer.endArray()
        if let creation {
            writer.key("creation")
            writer.value(creation)
        }
        if let followCode {
            if let plain = followCode.plain {
                writer.key("follow_code")
                writer.string(plain)
            } else {
                writer.key("follow_code_sha256")
                writer.string(followCode.digest)
            }
        }
        if let owner {
            writer.key("owner")
            writer.string(owner)
        }
        if let sealed = followCode?.sealed {
            writer.key("sealed_follow_code")
            writer.string(sealed)
        }
        if let sealed = token?.sealed {
            writer.key("sealed_token")
            writer.string(sealed)
        }
        writer.key("snapshot")
        once.write(snapshot, to: &writer)
        if let token {
            if let plain = token.plain {
                writer.key("token")
                writer.string(plain)
            } else {
                writer.key("token_sha256")
                writer.string(token.digest)
            }
        }
        writer.endObject()
    }
}

extension PushPayload: JSONWritable {
    /// Writes the payload as its `encode(to:)` does: the body of every answer and event.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("activity")
        writer.value(activity)
        writer.key("activity_id")
        writer.string(activityID)
        writer.key("aps")
        writer.value(aps)
        if let bell {
            writer.key("bell")
            writer.value(bell)
        }
        writer.key("version")
        writer.integer(version)
        writer.endObject()
    }
}

extension PushPayload.APS: JSONWritable {
    /// Writes the platform's part as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let alert {
            writer.key("alert")
            writer.beginObject()
            writer.key("body")
            writer.string(alert.body)
            writer.key("title")
            writer.string(alert.title)
            writer.endObject()
        }
        writer.key("content-state")
        writer.value(contentState)
        writer.key("dismissal-date")
        if let dismissalDate { writer.number(dismissalDate) } else { writer.null() }
        writer.key("event")
        writer.string(event.rawValue)
        writer.key("relevance-score")
        writer.number(relevanceScore)
        writer.key("stale-date")
        if let staleDate { writer.number(staleDate) } else { writer.null() }
        writer.key("timestamp")
        writer.number(timestamp)
        writer.endObject()
    }
}
