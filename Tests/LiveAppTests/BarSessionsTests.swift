import Domain
import Fixtures
import Foundation
@testable import LiveApp
import SyncProtocol
import Testing

/// What a bar keeps of the sessions stream, and the clicks it reads: pure values, checked
/// without a process.
@Suite("The bar's sessions and clicks")
struct BarSessionsTests {
    func snapshot(_ id: String, version: UInt64, event: ActivityEvent = .update, startedAgo: Double = 0, ended: Bool = false)
        -> ActivitySnapshot
    {
        let start = InstantMother.morning.addingTimeInterval(-startedAgo)
        let activity = ContentStateMother.makeActivity(start: start, steps: ended ? [(60, .finish)] : [])
        return ActivitySnapshot(id: id, version: version, timestamp: start, event: event, activity: activity)
    }

    @Test("an older state of a session is never taken after a newer one, also across reconnections")
    func neverBack() {
        var sessions = BarSessions()
        let taken = [
            sessions.take(snapshot("a", version: 3)), sessions.take(snapshot("a", version: 2)),
        ]
        sessions.reconnected()
        let afterReconnecting = [
            sessions.take(snapshot("a", version: 3)), sessions.take(snapshot("a", version: 4)),
        ]
        #expect(taken == [true, false])
        #expect(afterReconnecting == [false, true])
        #expect(sessions.shown?.version == 4)
    }

    @Test("the newest running session is shown before an ended one; a dismissal forgets it")
    func choice() {
        var sessions = BarSessions()
        sessions.take(snapshot("old", version: 1, startedAgo: 600))
        sessions.take(snapshot("ended", version: 5, startedAgo: 10, ended: true))
        #expect(sessions.shown?.id == "old")
        sessions.take(snapshot("old", version: 2, event: .dismiss, startedAgo: 600))
        #expect(sessions.shown?.id == "ended")
        let again = sessions.take(snapshot("old", version: 1, startedAgo: 600))
        #expect(!again, "a dismissed session does not come back with an older state")
    }

    @Test("with no server to tell it, an ended session is forgotten at its dismissal date, and not before; a running one never")
    func dismissalDate() throws {
        var sessions = BarSessions()
        sessions.take(snapshot("ended", version: 5, startedAgo: 120, ended: true))
        sessions.take(snapshot("running", version: 1, startedAgo: 30))
        let dismissal = try #require(sessions.states["ended"]?.activity.lifecycle.dismissalDate)
        let early = sessions.forgetDismissed(at: dismissal.addingTimeInterval(-1))
        #expect(!early)
        #expect(sessions.states["ended"] != nil)
        let due = sessions.forgetDismissed(at: dismissal)
        #expect(due)
        #expect(sessions.states["ended"] == nil)
        #expect(sessions.shown?.id == "running")
    }

    @Test("after a reconnection, a session the listing no longer has was dismissed meanwhile and is forgotten")
    func listingPrunes() {
        var sessions = BarSessions()
        sessions.take(snapshot("gone", version: 2))
        sessions.reconnected()
        let forgot = sessions.keepOnly([])
        #expect(forgot)
        #expect(sessions.shown == nil)
    }

    @Test("a sit followed through its channel outlives a listing that lacks it; forgotten, it comes back at once when followed again")
    func followedSit() {
        var sessions = BarSessions()
        sessions.followed = ["sangha"]
        sessions.take(snapshot("sangha", version: 7))
        sessions.reconnected()
        let pruned = sessions.keepOnly([])
        #expect(!pruned)
        #expect(sessions.shown?.id == "sangha")
        let forgot = sessions.forget("sangha")
        #expect(forgot && sessions.shown == nil)
        // Joined again: the channel opens with the same newest state, which is shown.
        let again = sessions.take(snapshot("sangha", version: 7))
        #expect(again && sessions.shown?.id == "sangha")
        let forgotNobody = sessions.forget("nobody")
        #expect(!forgotNobody)
    }

    @Test("with an id, only that session is shown")
    func only() {
        var sessions = BarSessions(only: "mine")
        let taken = [sessions.take(snapshot("other", version: 1)), sessions.take(snapshot("mine", version: 1))]
        #expect(taken == [false, true])
        #expect(sessions.shown?.id == "mine")
    }

    @Test("i3bar's click events: left toggles, right finishes; other buttons, other blocks and other lines are nothing")
    func clicks() {
        #expect(BarClick.parse(#"{"name":"moments","button":1,"x":3}"#) == .toggle)
        #expect(BarClick.parse(#",{"name":"moments","button":3}"#) == .finish)
        #expect(BarClick.parse(#"[{"button":1}"#) == .toggle)
        #expect(BarClick.parse(#"{"name":"clock","button":1}"#) == nil)
        #expect(BarClick.parse(#"{"name":"moments","button":2}"#) == nil)
        #expect(BarClick.parse("[") == nil)
        #expect(BarClick.parse("not json") == nil)
    }
}
