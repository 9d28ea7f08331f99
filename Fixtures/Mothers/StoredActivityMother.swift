import Domain
import SyncAuthority
import SyncProtocol

/// Activities as a server stores them: the pushes of a scripted session under an id of the
/// test's choosing, and the `StoredActivity` (token, owner, keyed creation) at any
/// one of them. For storage tests, which need several activities and each step of one.
public enum StoredActivityMother {
    /// The token every mother activity carries.
    public static let token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

    /// The pushes of `script` as the activity `id`, in version order (1, 2, …): by default
    /// a session started, finished early after 125 s, so the last push is its `end`.
    public static func makePushes(
        id: String = "activity-1",
        script: SessionScript = SessionScriptMother.makeScript(moment: .finishedEarly(elapsed: 125))
    ) -> [ActivitySnapshot] {
        PreviewSyncConnection(script: script).pushes.map { push in
            ActivitySnapshot(id: id, version: push.version, timestamp: push.timestamp, event: push.event, activity: push.activity)
        }
    }

    /// The activity `id` as stored after its push `version` (1 is its start).
    public static func makeStoredActivity(
        id: String = "activity-1",
        version: Int = 1,
        owner: String? = nil,
        creation: ActivityCreation? = nil,
        script: SessionScript = SessionScriptMother.makeScript(moment: .finishedEarly(elapsed: 125))
    ) -> StoredActivity {
        let pushes = makePushes(id: id, script: script)
        return StoredActivity(snapshot: pushes[version - 1], token: token, creation: creation, owner: owner)
    }

    /// A keyed creation's request for the mother session, under `key`.
    public static func makeCreation(key: IdempotencyKey, clientID: String = "client-1") -> ActivityCreation {
        ActivityCreation(
            key: key, clientID: clientID, attributes: SessionAttributesMother.makeAttributes(), showSeconds: true)
    }
}
