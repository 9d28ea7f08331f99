import Domain
import Fixtures
import Rendering
import Testing

/// What every surface says of the people sitting a group sit (ADR 0073): a count while it
/// runs, the most at once once it has ended, nothing for a sit alone.
@Suite("Presence on every surface")
struct PresenceTextTests {
    static func display(sitting: Int, most: Int = 0, ended: Bool = false, group: SessionDisplay.Group? = .following) throws
        -> SessionDisplay
    {
        let content = try ContentState(
            secondsElapsed: 125, targetTimeInSeconds: 300, showSeconds: true, isPaused: false,
            measuredAt: InstantMother.morning, outcome: ended ? .completed : nil, sitting: sitting, mostSitting: most)
        return SessionDisplay(name: "Evening sangha", content: content, group: group)
    }

    @Test("a running sit says how many sit now, its thousands grouped", arguments: [
        (1, "● 1 sitting", "●1"), (14, "● 14 sitting", "●14"), (999, "● 999 sitting", "●999"),
        (1_000, "● 1,000 sitting", "●1,000"), (10_000, "● 10,000 sitting", "●10,000"), (1_234_567, "● 1,234,567 sitting", "●1,234,567"),
    ])
    func running(sitting: Int, text: String, mark: String) throws {
        let display = try Self.display(sitting: sitting)
        #expect(display.presenceText == text && display.presenceMark == mark)
    }

    @Test("an ended sit says how many sat with you at most, and nothing when nobody did")
    func ended() throws {
        #expect(try Self.display(sitting: 3, most: 14, ended: true).presenceText == "sat with 14")
        #expect(try Self.display(sitting: 1, most: 1, ended: true).presenceText == nil)
        #expect(try Self.display(sitting: 3, most: 14, ended: true).presenceMark == nil)
    }

    @Test("a sit alone says nothing of anyone")
    func alone() throws {
        let display = try Self.display(sitting: 0, group: nil)
        #expect(display.presenceText == nil && display.presenceMark == nil && display.groupTexts.isEmpty)
    }

    @Test("a follower's group line leads with the count, the narrowest the count alone; a leader's keeps its code whole and the count goes beside the target")
    func groupLine() throws {
        let follower = try Self.display(sitting: 14)
        #expect(follower.groupTexts.first == "● 14 sitting · following a group sit · its leader keeps the time")
        #expect(follower.groupTexts.last == "● 14 sitting")
        #expect(!follower.presenceBesideCaption)
        let leader = try Self.display(sitting: 14, group: .leading(joinCode: "ABCD-EFGH"))
        #expect(leader.groupTexts == SessionDisplay.Group.leading(joinCode: "ABCD-EFGH").texts)
        #expect(leader.groupTexts.last == "ABCD-EFGH", "the code survives the narrowest screen")
        #expect(leader.presenceBesideCaption)
        #expect(try Self.display(sitting: 0).groupTexts == SessionDisplay.Group.following.texts)
    }

    @Test("a leader's screen too narrow for the whole code shows no code cut short: `group sit` beside a caption with the count, the count itself where no caption fits")
    func narrowLeader() throws {
        let code = "5b8d5209-9d26-4993-b98b-a70cfe78d00b.9vsh72s62gysvtynv4d53p0jrx"
        let leader = TimerScreen(session: try Self.display(sitting: 14, group: .leading(joinCode: code)), hints: KeyHintMother.makeTimerHints())
        let wide = Rendered.lines(leader, width: 80, height: 24).joined(separator: "\n")
        #expect(wide.contains("code: \(code)") && wide.contains("● 14 sitting"), "\(wide)")
        let boxed = Rendered.lines(leader, width: 40, height: 12)
        #expect(leader.layout(for: Size(width: 40, height: 12), in: Rendered.environment()) == .boxed(.small))
        #expect(boxed.contains { $0.contains("group sit") } && !boxed.joined().contains("5b8d5209"), "\(boxed.joined(separator: "\n"))")
        #expect(boxed.joined().contains("14 sitting"), "\(boxed.joined(separator: "\n"))")
        let unboxed = Rendered.lines(leader, width: 20, height: 6)
        #expect(leader.layout(for: Size(width: 20, height: 6), in: Rendered.environment()) == .unboxed(.small))
        #expect(unboxed.contains { $0.contains("● 14 sitting") } && !unboxed.joined().contains("5b8d5209"), "\(unboxed.joined(separator: "\n"))")
    }
}
