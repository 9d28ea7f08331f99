import Domain
import Fixtures
import Foundation
import TestSupport
import Testing

/// The rules of a group sit's join code (ADR 0072): revoked once, by the leader's intent,
/// while the sit lives or after its end; followable until then or its dismissal.
@Suite("Group sit rules")
struct GroupSitRulesTests {
    let start = InstantMother.morning

    func sit() throws -> Activity {
        try Transition.apply(.start(SessionAttributesMother.makeGroupSit(), showSeconds: true), to: nil, at: start)
    }

    @Test("a group sit is followable from its start; revoking closes it at that instant, and again changes nothing")
    func revoke() throws {
        let sit = try sit()
        #expect(sit.isFollowable(at: start))
        let revoked = try Transition.apply(.revokeCode, to: sit, at: start.addingTimeInterval(90.5))
        #expect(revoked.lifecycle.codeRevokedAt == start.addingTimeInterval(90.5))
        #expect(!revoked.isFollowable(at: start.addingTimeInterval(91)))
        #expect(revoked.content == sit.content)
        #expect(try Transition.apply(.revokeCode, to: revoked, at: start.addingTimeInterval(200)) == revoked)
        // The sit goes on: the revocation is kept through a pause and the end.
        let paused = try Transition.apply(.pause, to: revoked, at: start.addingTimeInterval(120))
        let finished = try Transition.apply(.finish, to: paused, at: start.addingTimeInterval(130))
        #expect(finished.lifecycle.codeRevokedAt == revoked.lifecycle.codeRevokedAt)
    }

    @Test("after the end the code may still be revoked; at the dismissal it closes by itself")
    func afterTheEnd() throws {
        let finished = try Transition.apply(.finish, to: try sit(), at: start.addingTimeInterval(600))
        let dismissal = try #require(finished.lifecycle.dismissalDate)
        #expect(finished.isFollowable(at: dismissal.addingTimeInterval(-1)))
        #expect(!finished.isFollowable(at: dismissal))
        let revoked = try Transition.apply(.revokeCode, to: finished, at: start.addingTimeInterval(601))
        #expect(revoked.lifecycle.codeRevokedAt != nil && revoked.content == finished.content)
    }

    @Test("a sit alone has no code: it is never followable, and revoking is refused as not a group")
    func alone() throws {
        let alone = try Transition.apply(.start(SessionAttributesMother.makeAttributes(), showSeconds: true), to: nil, at: start)
        #expect(!alone.isFollowable(at: start))
        #expect(throws: TransitionError.notAGroup) { try Transition.apply(.revokeCode, to: alone, at: start) }
        #expect(TransitionError.notAGroup.code == "not_a_group")
    }

    @Test("a follower's record counts what ran between their joining and their leaving, or the end")
    func followedRecord() throws {
        let sit = try sit()
        let id = UUID()
        // Joined 60 s in; the leader paused at 100 s for 30 s; left at 200 s: 110 s sat.
        let paused = try Transition.apply(.pause, to: sit, at: start.addingTimeInterval(100))
        let resumed = try Transition.apply(.resume, to: paused, at: start.addingTimeInterval(130))
        let left = try #require(SessionRecord(followed: sit, at: start.addingTimeInterval(60), last: resumed, leftAt: start.addingTimeInterval(200), id: id))
        #expect(left.actualSeconds == 110 && left.outcome == .finishedEarly && left.id == id)
        #expect(left.startedAt == start.addingTimeInterval(60) && left.endedAt == start.addingTimeInterval(200))
        #expect(left.name.value == "Evening sangha")
        // Seen to the end: the end's instant and outcome, whenever the follower stopped looking.
        let completed = Transition.advance(resumed, to: start.addingTimeInterval(4_000))
        let ended = try #require(SessionRecord(followed: sit, at: start.addingTimeInterval(60), last: completed, leftAt: start.addingTimeInterval(5_000), id: id))
        #expect(ended.outcome == .completed && ended.actualSeconds == 1_800 - 60)
        #expect(ended.endedAt == completed.lifecycle.endedAt)
        // Joined and let go while paused: nothing sat, nothing recorded.
        #expect(SessionRecord(followed: paused, at: start.addingTimeInterval(110), last: paused, leftAt: start.addingTimeInterval(120), id: id) == nil)
    }

    @Test("the group and the revocation survive their JSON, and a sit alone's JSON has neither")
    func json() throws {
        let revoked = try Transition.apply(.revokeCode, to: try sit(), at: start.addingTimeInterval(5))
        let data = try JSONEncoder().encode(revoked)
        #expect(try JSONDecoder().decode(Activity.self, from: data) == revoked)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""group":true"#) && text.contains(#""code_revoked_at""#))
        let alone = try Transition.apply(.start(SessionAttributesMother.makeAttributes(), showSeconds: true), to: nil, at: start)
        let plain = String(decoding: try JSONEncoder().encode(alone), as: UTF8.self)
        #expect(!plain.contains("group") && !plain.contains("code_revoked_at"))
        // A revocation before the start cannot be right.
        let broken = text.replacingOccurrences(of: "2026-11-21T07:30:05.000Z", with: "2026-11-21T07:00:00.000Z")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Activity.self, from: Data(broken.utf8)) }
    }

    @Test("a count of who sits (ADR 0073) changes the count and the most at once, nothing else; a sit alone, an ended sit and the same count are unchanged")
    func counting() throws {
        let sit = try sit()
        #expect(sit.content.sitting == 1 && sit.content.mostSitting == 1, "the leader sits it from the start")
        let crowd = Transition.counting(sit, sitting: 14)
        #expect(crowd.content.sitting == 14 && crowd.content.mostSitting == 14)
        #expect(crowd.content.secondsElapsed == sit.content.secondsElapsed && crowd.content.measuredAt == sit.content.measuredAt)
        #expect(crowd.lifecycle == sit.lifecycle && crowd.attributes == sit.attributes)
        let fewer = Transition.counting(crowd, sitting: 3)
        #expect(fewer.content.sitting == 3 && fewer.content.mostSitting == 14, "the most at once stays")
        #expect(Transition.counting(fewer, sitting: 3) == fewer)
        let ended = try Transition.apply(.finish, to: fewer, at: start.addingTimeInterval(300))
        #expect(Transition.counting(ended, sitting: 1) == ended, "frozen at the end: what its summaries say")
        let alone = try Transition.apply(.start(SessionAttributesMother.makeAttributes(), showSeconds: true), to: nil, at: start)
        #expect(alone.content.sitting == 0 && Transition.counting(alone, sitting: 5) == alone)
        let json = String(decoding: try JSONEncoder().encode(fewer.content), as: UTF8.self)
        #expect(json.contains(#""sitting":3"#) && json.contains(#""most_sitting":14"#))
        #expect(try JSONDecoder().decode(ContentState.self, from: Data(json.utf8)) == fewer.content)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ContentState.self, from: Data(json.replacingOccurrences(of: #""sitting":3"#, with: #""sitting":-1"#).utf8))
        }
    }

    @Test("a channel keeps its latest state unless told to keep nothing; its JSON says so only then, and a sit alone has no channel to choose")
    func channelStorage() throws {
        #expect(SessionAttributesMother.makeGroupSit().channelStorage == .latest)
        let keepsNothing = SessionAttributesMother.makeGroupSit(channelStorage: .nothing)
        let json = try JSONReference.encoded(keepsNothing)
        #expect(json.contains(#""channel_storage":"none""#), "\(json)")
        #expect(JSONReference.written(keepsNothing) == json, "the writer agrees with the encoder")
        #expect(try JSONDecoder().decode(SessionAttributes.self, from: Data(json.utf8)) == keepsNothing)
        #expect(!(try JSONReference.encoded(SessionAttributesMother.makeGroupSit())).contains("channel_storage"))
        #expect(throws: ValidationError.channelWithoutGroup) {
            try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: 300, channelStorage: .nothing)
        }
        let alone = json.replacingOccurrences(of: #""group":true"#, with: #""group":false"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionAttributes.self, from: Data(alone.utf8)) }
        let unknown = json.replacingOccurrences(of: #""none""#, with: #""sometimes""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SessionAttributes.self, from: Data(unknown.utf8)) }
    }
}
