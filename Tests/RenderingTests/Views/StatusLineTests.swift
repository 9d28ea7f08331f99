import Domain
import Fixtures
import Foundation
import Rendering
import Testing

/// The status line in each format, checked against the shape its bar documents (the
/// citations are on ``Rendering/StatusLine/text(_:at:)``), for every scenario of the
/// catalog's status line: waybar's JSON parses with its four keys, i3blocks gets its three
/// lines, polybar's tags are balanced and its `%` escaped, tmux's styles are closed and
/// its `#` doubled; and every empty form hides the module.
struct StatusLineTests {
    static let scenarios = Catalog.scenarios(for: .statusLine)

    /// The scenario's line and instant.
    static func line(of scenario: Scenario) -> (StatusLine, Date) {
        if let recipe = scenario.recipe as? StatusLineRecipe { return (recipe.line, recipe.instant) }
        let recipe = scenario.recipe as! SessionRecipe
        return (StatusLine(session: recipe.display), recipe.instant)
    }

    @Test("waybar: one JSON object with text, tooltip, class (the phase) and percentage", arguments: scenarios)
    func waybar(scenario: Scenario) throws {
        let (line, now) = Self.line(of: scenario)
        let text = line.text(.waybar, at: now)
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["text", "tooltip", "class", "percentage"])
        #expect(object["class"] as? String == line.phaseName(at: now))
        let percentage = try #require(object["percentage"] as? Int)
        #expect((0...100).contains(percentage))
        let shown = try #require(object["text"] as? String)
        #expect(shown.isEmpty == (line.session == nil), "an empty text hides the module, and only then")
        for markup in ["<", ">"] { #expect(!shown.contains(markup), "Pango markup must be escaped: \(shown)") }
    }

    @Test("json: one object with the line and its parts, null where there is none", arguments: scenarios)
    func json(scenario: Scenario) throws {
        let (line, now) = Self.line(of: scenario)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.text(.json, at: now).utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["phase", "name", "text", "time", "elapsed_seconds", "target_seconds", "percentage", "pending"])
        #expect(object["phase"] as? String == line.phaseName(at: now))
        #expect(object["text"] as? String == line.fullText(at: now))
    }

    @Test("i3blocks: full text, short text and a colour; the empty form is one empty line", arguments: scenarios)
    func i3blocks(scenario: Scenario) {
        let (line, now) = Self.line(of: scenario)
        let lines = line.text(.i3blocks, at: now).components(separatedBy: "\n")
        guard line.session != nil else {
            #expect(lines == [""])
            return
        }
        #expect(lines.count == 3)
        #expect(lines[0] == line.fullText(at: now) && !lines[0].isEmpty)
        #expect(lines[1] == line.shortText(at: now) && GraphemeWidth.width(of: lines[1]) <= GraphemeWidth.width(of: lines[0]))
        #expect(lines[2].wholeMatch(of: /#[0-9a-f]{6}/) != nil, "\(lines[2])")
    }

    @Test("polybar: click actions and colour balanced, % escaped, the text intact", arguments: scenarios)
    func polybar(scenario: Scenario) {
        let (line, now) = Self.line(of: scenario)
        let text = line.text(.polybar, at: now)
        guard line.session != nil else {
            #expect(text.isEmpty)
            return
        }
        #expect(text.hasPrefix("%{A1:moments toggle:}%{A3:moments finish:}") && text.hasSuffix("%{A}%{A}"))
        #expect(text.components(separatedBy: "%{F#").count == text.components(separatedBy: "%{F-}").count)
        // What is left once the tags go must be the line, every % doubled.
        let untagged = text.replacing(/%\{[^}]*\}/, with: "")
        #expect(untagged == line.fullText(at: now).replacingOccurrences(of: "%", with: "%%"))
    }

    @Test("tmux: one style opened and closed, # doubled, the text intact", arguments: scenarios)
    func tmux(scenario: Scenario) {
        let (line, now) = Self.line(of: scenario)
        let text = line.text(.tmux, at: now)
        guard line.session != nil else {
            #expect(text.isEmpty)
            return
        }
        #expect(text.hasPrefix("#[fg=#") && text.contains("#[default]"))
        let unstyled = text.replacing(/#\[[^\]]*\]/, with: "")
        #expect(unstyled == line.fullText(at: now).replacingOccurrences(of: "#", with: "##"))
    }

    @Test("the plain line keeps its budget and the name is cut, never the time", arguments: scenarios)
    func budget(scenario: Scenario) {
        let (line, now) = Self.line(of: scenario)
        let text = line.fullText(at: now)
        #expect(GraphemeWidth.width(of: text) <= StatusLine.budget, "\(text)")
        if line.session != nil { #expect(text.hasPrefix(line.parts(at: now).head)) }
        #expect(!text.unicodeScalars.contains { Sanitizer.isUnsafe($0) }, "unsafe characters reach a bar: \(text.debugDescription)")
    }

    @Test("a name holding a bar's markup is escaped in each format")
    func hostileMarkup() throws {
        let display = SessionDisplayMother.makeDisplay(content: ContentStateMother.makePaused(), name: "<b>50% #1 & co</b>")
        let line = StatusLine(session: display)
        let now = InstantMother.morning
        #expect(line.text(.waybar, at: now).contains("&lt;b&gt;"))
        #expect(line.text(.polybar, at: now).contains("50%%"))
        #expect(line.text(.tmux, at: now).contains("##1"))
    }

    @Test("a warm-up is a phase of its own: its class, glyph and countdown, nothing sat and no percentage")
    func warmUp() throws {
        let scenario = try #require(Self.scenarios.first { $0.state == "warmUp" })
        let (line, now) = Self.line(of: scenario)
        #expect(line.phaseName(at: now) == "warmingUp")
        #expect(line.fullText(at: now).hasPrefix("◌ 0:06 "), "\(line.fullText(at: now))")
        #expect(!line.fullText(at: now).contains("%"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.text(.json, at: now).utf8)) as? [String: Any])
        #expect(json["phase"] as? String == "warmingUp")
        #expect(json["elapsed_seconds"] as? Int == 0)
        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(line.text(.waybar, at: now).utf8)) as? [String: Any])
        #expect(waybar["class"] as? String == "warmingUp")
        #expect(waybar["tooltip"] as? String == "Morning sit · Warm-up · 0:06, then 3:00")
        // Once the warm-up is over, it is a sit like any other.
        let later = now.addingTimeInterval(8)
        #expect(line.phaseName(at: later) == "running")
        #expect(line.fullText(at: later).hasPrefix("▸ 0:02 1% "), "\(line.fullText(at: later))")
    }

    @Test("one reading of the time: a countdown rounds up, and the time and percentage of every format agree within a second")
    func oneReading() {
        // Three seconds into a three-minute sit, counting down: three minutes are left as
        // whole minutes, 2:57 with seconds (never 2 min, never 2:56 while 0:03 is sat).
        let minutesOnly = ContentStateMother.makeInProgress(elapsed: 0, target: 180, showSeconds: false)
        let countdown = SessionDisplayMother.makeDisplay(content: minutesOnly, timeDisplay: .remaining)
        #expect(countdown.timeText(at: minutesOnly.measuredAt.addingTimeInterval(3)) == "3 min")
        let withSeconds = ContentStateMother.makeInProgress(elapsed: 0, target: 180)
        let at = withSeconds.measuredAt.addingTimeInterval(3.5)
        #expect(SessionDisplayMother.makeDisplay(content: withSeconds, timeDisplay: .remaining).timeText(at: at) == "2:57")
        #expect(SessionDisplayMother.makeDisplay(content: withSeconds).timeText(at: at) == "0:03")
        // 9 seconds of 2 minutes is 7.5%: the same 7% at the start and the end of that second.
        let twoMinutes = ContentStateMother.makeInProgress(elapsed: 0, target: 120)
        let line = StatusLine(session: SessionDisplayMother.makeDisplay(content: twoMinutes))
        let (early, late) = (twoMinutes.measuredAt.addingTimeInterval(9.0), twoMinutes.measuredAt.addingTimeInterval(9.9))
        #expect(line.text(.plain, at: early).hasPrefix("▸ 0:09 7% "), "\(line.text(.plain, at: early))")
        #expect(line.text(.tmux, at: late).contains("0:09 7%"), "\(line.text(.tmux, at: late))")
        #expect(line.percentage(at: late) == 7)
        #expect(line.session?.percent(at: late) == 7)
    }
}
