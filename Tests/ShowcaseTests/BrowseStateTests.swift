@testable import ShowcaseApp
import Fixtures
import Rendering
import TerminalIO
import Testing

/// The keys of `browse` on its state alone, for the paths a pseudo-terminal test would
/// be slow to walk: refused values, empty searches, resets, cycling sizes.
struct BrowseStateTests {
    static func typing(_ text: String, into state: inout BrowseState) {
        for character in text { _ = state.handle(character == " " ? .space : .character(character)) }
    }

    @Test("a refused number says why and changes nothing")
    func refusedNumber() throws {
        var state = BrowseState(selecting: "Timer/Screen/paused")
        _ = state.handle(.tab)
        _ = state.handle(.down)
        _ = state.handle(.enter)
        #expect(state.focus == .editing)
        for _ in 0..<5 { _ = state.handle(.backspace) }
        Self.typing("lots", into: &state)
        _ = state.handle(.enter)
        #expect(state.message == "plannedSeconds: 'lots' is not a number")
        #expect(state.scenario?.fixture == Catalog.scenario(id: "Timer/Screen/paused")?.fixture)
    }

    @Test("a search that matches nothing leaves no scenario; escape brings them all back")
    func emptySearch() {
        var state = BrowseState()
        _ = state.handle(.character("/"))
        Self.typing("zebra", into: &state)
        #expect(state.matches.isEmpty)
        #expect(state.scenario == nil)
        _ = state.handle(.enter)
        _ = state.handle(.escape)
        #expect(state.matches.count == Catalog.all.count)
    }

    @Test("r resets the edits; s and t change the preview's variant; q and Ctrl-C quit")
    func resetAndVariants() {
        var state = BrowseState(selecting: "Presets/Picker/selected")
        _ = state.handle(.tab)
        _ = state.handle(.right)
        #expect(state.scenario?.fixture == "PresetPicker(presets: PresetOptionMother.makePresets(count: 5), selection: 1)")
        _ = state.handle(.character("r"))
        #expect(state.scenario?.fixture == "PresetPicker(presets: PresetOptionMother.makePresets(), selection: 1)")
        _ = state.handle(.character("s"))
        _ = state.handle(.character("t"))
        // The picker has one text size: the preview keeps it, the timer screen takes the one chosen.
        #expect(state.variant == Variant(scheme: .light, textSize: .medium))
        var timer = BrowseState(selecting: "Timer/Screen/paused")
        _ = timer.handle(.character("t"))
        #expect(timer.variant == Variant(scheme: .dark, textSize: .large))
        var quitting = state
        #expect(quitting.handle(.character("q")) == false)
        #expect(state.handle(Key.interrupt) == false)
    }

    @Test("the preview draws the scenario as render does: in its own environment, at its own instant", arguments: [
        "Timer/Screen/inProgress", "LiveActivity/LockScreen/stale", "Widgets/Medium/streak",
    ])
    func preview(id: String) throws {
        var state = BrowseState(selecting: id)
        _ = state.handle(.character("s"))
        let scenario = try #require(state.scenario)
        let screen = Frame(
            rendering: BrowseScreen(state: state), width: 160, height: 48,
            environment: Variant(depth: .ansi16).environment(now: InstantMother.morning))
        let text = PlainEncoder().encode(screen)
        let rows = PlainEncoder().encode(scenario.frame(state.variant)).split(separator: "\n")
        #expect(rows.contains { !$0.isEmpty })
        for row in rows where !row.isEmpty {
            #expect(text.contains(row), "\(row)")
        }
    }

    @Test("browse lays out at 80×24 and 100×30: every pane keeps its borders and the keys' footer shows", arguments: [
        (80, 24), (100, 30),
    ])
    func laysOut(width: Int, height: Int) {
        for id in ["Timer/Screen/inProgress", "Stats/Overview/year", "LiveActivity/LockScreen/paused"] {
            let state = BrowseState(selecting: id)
            let screen = Frame(
                rendering: BrowseScreen(state: state), width: width, height: height,
                environment: Variant(depth: .monochrome).environment(now: InstantMother.morning))
            let rows = PlainEncoder().encode(screen).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(rows.first?.hasSuffix("╮") == true, "\(id) at \(width)×\(height): \(rows.first ?? "")")
            // Every row but the last ends on a pane's right border; the last holds the keys.
            for row in rows.dropFirst().dropLast(2) where !row.isEmpty {
                #expect(["│", "╮", "╯"].contains(row.last.map(String.init) ?? ""), "\(id) at \(width)×\(height): '\(row)'")
            }
            #expect(rows.contains { $0.contains("[/] Search") }, "\(id) at \(width)×\(height): no footer")
        }
    }
}
