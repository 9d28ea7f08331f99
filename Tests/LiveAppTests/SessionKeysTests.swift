@testable import LiveApp
import Domain
import Fixtures
import Foundation
import Rendering
import TerminalIO
import Testing

/// The one key table: every hint a session screen shows, in every state it can be in,
/// names keys that do something there, read from the same table the key handling reads.
@Suite("SessionKeys")
struct SessionKeysTests {
    /// The keys a hint names, as printed on it: `space`, `esc`, `^C`, `+/-`, `↑/↓`, `y`.
    static func keys(named name: String) -> [Key] {
        name.split(separator: "/").map { part -> Key in
            switch part {
            case "space": return .space
            case "esc": return .escape
            case "^C": return .interrupt
            case "↑": return .up
            case "↓": return .down
            default: return .character(Character(String(part)))
            }
        }
    }

    /// A model of a session left at `moment` (none: before the first push), with `keys`
    /// pressed.
    static func model(isOwner: Bool, content moment: SessionScript.Moment?, pressing keys: [Key]) -> LiveScreenModel {
        var model = LiveScreenModel(isOwner: isOwner)
        if let moment {
            model.receive(ActivitySnapshotMother.makeSnapshot(script: SessionScriptMother.makeScript(moment: moment)))
        }
        for key in keys { _ = model.press(key) }
        return model
    }

    /// Every state a screen can be in, reached as a person reaches it.
    static var screens: [(String, LiveScreenModel)] {
        var screens: [(String, LiveScreenModel)] = []
        for isOwner in [true, false] {
            let who = isOwner ? "owner" : "watcher"
            screens += [
                ("\(who) connecting", model(isOwner: isOwner, content: nil, pressing: [])),
                ("\(who) running", model(isOwner: isOwner, content: .running(elapsed: 125), pressing: [])),
                ("\(who) paused", model(isOwner: isOwner, content: .paused(elapsed: 125), pressing: [])),
                ("\(who) ended", model(isOwner: isOwner, content: .completed(elapsed: 300), pressing: [])),
                ("\(who) help", model(isOwner: isOwner, content: .running(elapsed: 125), pressing: [.character("?")])),
                ("\(who) cancel?", model(isOwner: isOwner, content: .running(elapsed: 125), pressing: [.character("c")])),
            ]
        }
        screens.append(("owner quit?", model(isOwner: true, content: .running(elapsed: 125), pressing: [.character("q")])))
        return screens
    }

    @Test("every hint and help line of every state names keys that do something there")
    func hintsWork() {
        for (name, screen) in Self.screens {
            #expect(!screen.hints.isEmpty, "\(name) offers no key")
            for hint in screen.hints + (screen.panel ?? []) {
                for key in Self.keys(named: hint.key) {
                    var pressed = screen
                    let command = pressed.press(key)
                    #expect(
                        command != nil || pressed.keyState != screen.keyState,
                        "\(name): the hint \(hint.key) \(hint.label) names \(key), which does nothing there")
                }
            }
        }
    }

    @Test("every question states itself first, and Esc leaves every question and the help panel")
    func questionsAskAndEscapeLeaves() {
        for (name, screen) in Self.screens where screen.keyState != SessionKeys.state(of: screen.session(at: .now)?.content) {
            if name.hasSuffix("?") {
                #expect(screen.hints.first?.isQuestion == true, "\(name): \(screen.hints)")
                #expect(screen.hints.first?.label.hasSuffix("?") == true, "\(name): \(screen.hints)")
            }
            var pressed = screen
            let command = pressed.press(.escape)
            #expect(command == nil && pressed.keyState == SessionKeys.state(of: screen.session(at: .now)?.content), "\(name): Esc left \(pressed.keyState)")
        }
    }

    @Test("a key has one name in the footer and the help panel")
    func oneNamePerKey() {
        let running = Self.model(isOwner: true, content: .running(elapsed: 125), pressing: [])
        let footer = Dictionary(running.hints.map { ($0.key, $0.label) }, uniquingKeysWith: { first, _ in first })
        for line in SessionKeys.panel(isOwner: true) where !["^C", "space", "q", "f", "c"].contains(line.key) {
            #expect(footer[line.key] != nil, "the help panel names \(line.key), which the footer calls otherwise: \(running.hints)")
        }
    }

    @Test("an ended session offers only what works: Quit")
    func endedOffersQuit() {
        let ended = Self.model(isOwner: true, content: .completed(elapsed: 300), pressing: [])
        #expect(ended.hints == [KeyHint(key: "q", label: "Quit")])
        var pressed = ended
        #expect(pressed.press(.character("n")) == nil)
        #expect(pressed.press(.character("h")) == nil)
        #expect(pressed.press(.character("q")) == .leave)
    }

    @Test("the help panel lists the keys of a running session, and each works while it is open")
    func helpReadsTheTable() {
        let help = Self.model(isOwner: true, content: .running(elapsed: 125), pressing: [.character("?")])
        #expect(help.hints == [KeyHint(key: "?", label: "Close help")])
        #expect(help.panel?.map(\.key) == ["space", "f", "+/-", "c", "q", "^C"])
        var pressed = help
        #expect(pressed.press(.space) == .send(.pause))
        #expect(pressed.keyState == .running)
    }

    @Test("the Live Activity's buttons are the table's: Pause or Resume and Finish, none after the end")
    func buttons() {
        #expect(SessionKeys.buttons(in: .running).map(\.label) == ["Pause", "Finish"])
        #expect(SessionKeys.buttons(in: .paused).map(\.label) == ["Resume", "Finish"])
        #expect(SessionKeys.buttons(in: .ended).isEmpty)
        #expect(SessionKeys.buttons(in: .connecting).isEmpty)
    }
}
