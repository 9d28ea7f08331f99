import Fixtures
import Rendering
import SnapshotTesting
import Testing

/// The registry's promises: every view has scenarios, ids are unique and stable, inputs
/// drive the view, and the fixture code says what the scenario is made of.
struct CatalogTests {
    @Test("every view of Rendering has at least three scenarios", arguments: ViewKind.allCases)
    func everyKind(kind: ViewKind) {
        let scenarios = Catalog.scenarios(for: kind)
        #expect(scenarios.count >= 3, "\(kind) has \(scenarios.count) scenarios; add typical and extreme ones in Catalog.scenarios(for:)")
        #expect(scenarios.allSatisfy { $0.kind == kind })
    }

    @Test("ids are unique and shaped Group/View/state after their view")
    func ids() {
        let ids = Catalog.all.map(\.id)
        #expect(Set(ids).count == ids.count, "duplicated: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        for scenario in Catalog.all {
            let parts = scenario.id.split(separator: "/", omittingEmptySubsequences: false)
            #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty }, "\(scenario.id)")
            #expect(scenario.id.hasPrefix(scenario.kind.catalogPath + "/"), "\(scenario.id)")
            #expect(scenario.id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "/") }, "\(scenario.id)")
        }
    }

    /// Published ids never change: renaming one breaks links, exports and snapshots, so the
    /// whole list is a snapshot of its own. Adding a scenario records a new line.
    @Test("the list of ids is stable")
    func stableIDs() {
        let listing = Catalog.all.map { "\($0.id)  \($0.title)" }.joined(separator: "\n")
        assertSnapshot(of: listing, as: .lines, named: "ids", testName: "catalog")
        for id in ["LiveActivity/LockScreen/paused", "Timer/Screen/inProgress", "Widgets/Small/preset", "History/List/empty"] {
            #expect(Catalog.scenario(id: id) != nil, "\(id)")
        }
    }

    @Test("the issue's states and names are all in the catalog", arguments: [
        "justStarted", "inProgress", "paused", "completed", "openEnded", "overTarget", "hoursLong", "stale", "expired",
        "longName", "emoji", "cjk", "rightToLeft",
    ])
    func sessionStates(state: String) {
        // The voice says events, not states: its scenarios are what happened (ADR 0080).
        for kind in ViewKind.allCases where kind.isPushDriven && kind != .voice {
            #expect(Catalog.scenario(id: kind.catalogPath + "/" + state) != nil, "\(kind.catalogPath)/\(state)")
        }
    }

    @Test("push-driven and live-only views say where each state comes from; the others are never pushed", arguments: Catalog.all)
    func provenance(scenario: Scenario) {
        switch scenario.provenance {
        case .notPushed: #expect(!scenario.kind.isPushDriven)
        case .pushed: #expect(scenario.kind.isPushDriven)
        case .unreachable(let reason):
            #expect(scenario.kind.isPushDriven)
            #expect(!reason.isEmpty)
        case .liveOnly: #expect(scenario.kind.isLiveOnly)
        }
    }

    @Test("a scenario edited with its own inputs is the same scenario", arguments: Catalog.all)
    func inputsRoundTrip(scenario: Scenario) {
        let edited = scenario.editing(scenario.inputs)
        #expect(edited.fixture == scenario.fixture)
        #expect(edited.inputs == scenario.inputs)
        #expect(edited.frame() == scenario.frame())
    }

    @Test("editing an input changes the view and the printed Mother code")
    func editing() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/Expanded/paused"))
        var inputs = scenario.inputs
        inputs.update(try #require(inputs["name"]).setting("Tea").get())
        inputs.update(try #require(inputs["elapsed"]).moved(by: 3))
        let edited = scenario.editing(inputs)
        #expect(edited.fixture == "SessionDisplayMother.makeDisplay(script: SessionScriptMother.makeScript(name: \"Tea\", moment: .paused(elapsed: 140)))")
        let text = PlainEncoder().encode(edited.frame())
        #expect(text.contains("Tea"))
        #expect(text.contains("2:20"))
        #expect(!text.contains("Morning sit"))
    }

    @Test("edits at the edges of their ranges still play: a planned length under a second, an open sit completed at eight hours")
    func edgeEdits() throws {
        let scenario = try #require(Catalog.scenario(id: "Timer/Screen/inProgress"))
        // Under a second is no target the server accepts: the session is open-ended.
        var short = scenario.inputs
        short.update(try #require(short["plannedSeconds"]).setting("0.5").get())
        var open = scenario.inputs
        open.update(try #require(open["plannedSeconds"]).setting("0").get())
        #expect(PlainEncoder().encode(scenario.editing(short).frame()) == PlainEncoder().encode(scenario.editing(open).frame()))
        var long = scenario.inputs
        long.update(try #require(long["plannedSeconds"]).setting("0").get())
        long.update(try #require(long["moment"]).setting("completed").get())
        long.update(try #require(long["elapsed"]).setting("28800").get())
        let text = PlainEncoder().encode(scenario.editing(long).frame())
        #expect(text.contains("Completed"))
    }

    @Test("the fixture is the Mother call that makes it")
    func fixtures() throws {
        let expected = [
            "Timer/Screen/inProgress": "SessionDisplayMother.makeDisplay()",
            "LiveActivity/Expanded/openEnded": """
                SessionDisplayMother.makeDisplay(
                    script: SessionScriptMother.makeScript(name: "Open sit", plannedSeconds: nil, moment: .running(elapsed: 2520))
                )
                """,
            "LiveActivity/Minimal/reconnecting": "SessionDisplayMother.makeDisplay(reconnecting: true)",
            "History/List/year": "HistoryList(records: SessionRecordMother.makeYear().reversed())",
            "Stats/Overview/empty": "SessionStatsMother.makeStats(records: [])",
            "Presets/Picker/selected": "PresetPicker(presets: PresetOptionMother.makePresets(), selection: 1)",
            "Settings/Screen/minimalist": """
                SettingsView(
                    settings: SettingsMother.makeSettings(
                        defaultDurationSeconds: 1200,
                        showSeconds: false,
                        timeDisplay: .remaining,
                        intervalBellMinutes: 5
                    )
                )
                """,
        ]
        for (id, code) in expected {
            let fixture = try #require(Catalog.scenario(id: id)).fixture
            #expect(fixture == code, "\(id)")
        }
        let hostile = try #require(Catalog.scenario(id: "Timer/Screen/hostileName"))
        #expect(hostile.fixture.contains("shownName: \"Evil\\u{1B}[2J\\u{1B}]0;pwned\\u{7}\\u{202E}name\""))
    }

    @Test("states the script Mother names are the Mother's scripts, on every session surface", arguments: [
        ("overTarget", SessionScriptMother.makeOverTarget()), ("stale", SessionScriptMother.makeStale()),
    ])
    func namedScripts(state: String, script: SessionScript) throws {
        let scenarios = Catalog.all.filter { $0.state == state && $0.recipe is SessionRecipe }
        #expect(scenarios.count == SessionRecipe.Surface.allCases.count)
        for scenario in scenarios {
            #expect(scenario.provenance == .pushed(script), "\(scenario.id)")
            #expect(scenario.recipe.instant == script.shownAt, "\(scenario.id)")
        }
        #expect(SessionRecipe(.lock, script: script).script == script)
        #expect(SessionRecipe(.lock, script: SessionScriptMother.makeScript(name: "Open sit", plannedSeconds: nil)).script
            == SessionScriptMother.makeScript(name: "Open sit", plannedSeconds: nil))
    }

    @Test("inputs refuse values that are not theirs, saying what would do")
    func badInputs() throws {
        let inputs = try #require(Catalog.scenario(id: "Timer/Screen/paused")).inputs
        #expect(throws: ScenarioInputError.self) { try #require(inputs["elapsed"]).setting("soon").get() }
        #expect(throws: ScenarioInputError.self) { try #require(inputs["elapsed"]).setting("-5").get() }
        #expect(throws: ScenarioInputError.self) { try #require(inputs["moment"]).setting("asleep").get() }
        #expect(throws: ScenarioInputError.self) { try #require(inputs["showSeconds"]).setting("maybe").get() }
        guard case .failure(let error) = try #require(inputs["moment"]).setting("asleep") else {
            Issue.record("an unknown moment was taken")
            return
        }
        #expect(error.description == "moment: 'asleep' is not one of \(SessionScript.Moment.names.joined(separator: ", "))")
    }

    @Test("a moment past what the rules allow is brought back into range, so every edit plays")
    func playable() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/CompactTrailing/paused"))
        var inputs = scenario.inputs
        inputs.update(try #require(inputs["elapsed"]).setting("9000").get())
        let edited = scenario.editing(inputs)
        guard case .pushed(let script) = edited.provenance else {
            Issue.record("a paused session must be reachable by a push")
            return
        }
        #expect(script.moment == .paused(elapsed: 299))
        #expect(PlainEncoder().encode(edited.frame()).contains("4:59"))
    }

    @Test("search matches every word in ids, titles and view names; typos find the nearest ids")
    func search() {
        #expect(Catalog.search("").count == Catalog.all.count)
        let found = Catalog.search("lock PAUSED")
        #expect(found.first?.id == "LiveActivity/LockScreen/paused")
        #expect(found.allSatisfy { $0.kind == .lockScreen && "\($0.id) \($0.title)".lowercased().contains("paused") })
        #expect(Catalog.search("widget").allSatisfy { $0.kind == .widgetSmall || $0.kind == .widgetMedium })
        #expect(Catalog.search("no such thing").isEmpty)
        #expect(Catalog.nearest(to: "LiveActivity/LockScreen/pause").first == "LiveActivity/LockScreen/paused")
        #expect(Catalog.nearest(to: "history/list/emty").first == "History/List/empty")
        // A group named gives its first members; an id near none gives nothing to guess.
        let lockScreen = Catalog.nearest(to: "liveactivity/lockscreen")
        #expect(!lockScreen.isEmpty && lockScreen.allSatisfy { $0.hasPrefix("LiveActivity/LockScreen/") })
        #expect(Catalog.nearest(to: "No/Such/id").isEmpty)
        #expect(Catalog.nearest(to: "Timer/Screen/pausd") == ["Timer/Screen/paused"])
        #expect(Catalog.groups.first == Catalog.all.first.map { String($0.id.prefix { $0 != "/" }) })
        #expect(Set(Catalog.groups) == Set(Catalog.all.map { String($0.id.prefix { $0 != "/" }) }))
    }

    @Test("variants cover both schemes, three text sizes where the view follows them (else one), two widths and two depths")
    func variants() throws {
        let timer = try #require(Catalog.scenario(id: "Timer/Screen/paused"))
        let all = Variant.all(for: timer)
        #expect(all.count == 24)
        #expect(Set(all).count == 24)
        #expect(Set(all.map { $0.fileName(for: timer) }).count == 24)
        let lock = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        let fixed = Variant.all(for: lock)
        #expect(fixed.count == 8)
        #expect(Set(fixed.map(\.textSize)) == [.medium])
        #expect(Set(fixed.compactMap(\.width)) == [50, 33])
        #expect(Set(fixed.map { $0.fileName(for: lock) }).count == 8)
    }
}
