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
        #expect(object["class"] as? String == line.phaseName)
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
        #expect(object["phase"] as? String == line.phaseName)
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
}
