import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The sync server's records written by hand (``Domain/JSONWriter``) are what `JSONEncoder`
/// with sorted keys writes, byte for byte: the JSON storage's files are the same as before
/// the writer, and either reads the other's (issue 25).
@Suite("SyncRecord's JSON against JSONEncoder")
struct SyncRecordJSONTests {
    static func encoded(_ value: some Encodable) throws -> String { try JSONReference.encoded(value) }

    static func written(_ value: some JSONWritable) -> String { JSONReference.written(value) }

    /// The pushes of sessions in every moment, with and without bells, under odd names.
    static func snapshots() -> [ActivitySnapshot] {
        let moments: [SessionScript.Moment] = [
            .justStarted, .paused(elapsed: 125.5), .completed(elapsed: 300), .cancelled(elapsed: 3), .expired(elapsed: 60),
            .rang(elapsed: 70),
        ]
        var snapshots: [ActivitySnapshot] = []
        for moment in moments {
            for program in [nil, BellProgramMother.makeWarmUpSit(), BellProgramMother.makeSchedule()] {
                for (name, planned) in [("Morning sit", 300.0), (#"Quiet "one" \ /"#, nil)] {
                    let script = SessionScriptMother.makeScript(name: name, plannedSeconds: planned, moment: moment, bells: program)
                    snapshots += StoredActivityMother.makePushes(id: "activity-\(snapshots.count)", script: script)
                }
            }
        }
        return snapshots
    }

    /// Every kind of answer about `snapshot`, each holding a copy of it: in a record of that
    /// snapshot, the writer writes it once and repeats its bytes (`SnapshotWrittenOnce`).
    static func answers(_ snapshot: ActivitySnapshot) -> [StoredAnswer] {
        [
            StoredAnswer(key: IntentKey(clientID: "cli", intentID: "1"), outcome: .applied(snapshot)),
            StoredAnswer(
                key: IntentKey(clientID: #"a "client""#, intentID: "2\n"),
                outcome: .refused(code: "ended", message: "The session has ended: \"Evening\".", current: snapshot)),
            StoredAnswer(
                key: IntentKey(clientID: "watch/2", intentID: "3"), outcome: .staleVersion(expected: 7, current: snapshot)),
        ]
    }

    @Test("snapshots, push payloads, answers and records in every form the server writes")
    func records() throws {
        let key = try KeptTokenMother.makeCreationKey()
        let creation = StoredActivityMother.makeCreation(key: key, clientID: "client/1")
        let tokens: [KeptToken?] = [
            nil, KeptToken(StoredActivityMother.token, activityID: "activity-1"),
            KeptToken(StoredActivityMother.token, activityID: "activity-1").sharedForm, KeptTokenMother.makeLegacySealed(),
            try KeptToken(StoredActivityMother.token, sealedWith: key, activityID: "activity-1"),
        ]
        let snapshots = Self.snapshots()
        #expect(snapshots.count > 50)
        var checked = 0
        for (index, snapshot) in snapshots.enumerated() {
            #expect(Self.written(snapshot) == (try Self.encoded(snapshot)))
            #expect(Self.written(PushPayload(snapshot)) == (try Self.encoded(PushPayload(snapshot))))
            let answers = Self.answers(snapshot)
            for answer in answers {
                #expect(Self.written(answer) == (try Self.encoded(answer)))
            }
            let record = SyncRecord(
                snapshot: snapshot, token: tokens[index % tokens.count], answers: Array(answers.prefix(index % 4)),
                creation: index % 3 == 0 ? creation : nil, owner: index % 2 == 0 ? "key-\(index)" : nil,
                followCode: index % 7 < 2 ? nil : tokens[(index / 7) % tokens.count])
            #expect(Self.written(record) == (try Self.encoded(record)))
            checked += 1
        }
        #expect(Self.written(creation) == (try Self.encoded(creation)))
        #expect(checked == snapshots.count)
    }

    @Test("a stored activity's checkpoint and the amendment of each of its changes")
    func checkpointsAndAmendments() throws {
        let script = SessionScriptMother.makeScript(moment: .rang(elapsed: 130), bells: BellProgramMother.makeWarmUpSit())
        let pushes = StoredActivityMother.makePushes(script: script)
        for version in 1...pushes.count {
            let stored = StoredActivityMother.makeStoredActivity(version: version, owner: "owner", script: script)
            #expect(Self.written(stored.checkpoint) == (try Self.encoded(stored.checkpoint)))
            let amendment = SyncRecord(snapshot: pushes[version - 1], token: nil, answers: Self.answers(pushes[version - 1]))
            #expect(Self.written(amendment) == (try Self.encoded(amendment)))
        }
    }
}
