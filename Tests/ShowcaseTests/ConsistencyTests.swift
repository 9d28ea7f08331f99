@testable import LiveApp
import Domain
import Fixtures
import Foundation
import Rendering
import Testing

/// The guarantee of seeds/000: for every Live Activity and timer scenario, the state the
/// real server pushes to an observer, drawn as the live app draws it, is exactly the frame
/// the showcase draws, cell for cell.
///
/// The live side never reads the scenario's activity: it plays the scenario's script
/// through ``LivePlayback``, hands what the observer took to the live app's own screen
/// model (`LiveScreenModel`, as `moments start` and `moments watch` do), and draws the live
/// app's own screen of it (``Rendering/SessionScreen``): the timer screen, or the watch
/// screen showing the scenario's presentation. Scenarios no push can produce are exempt by
/// the flag the catalog gives them (``Fixtures/Provenance/unreachable(reason:)``), not by a
/// list here. The voice's scenarios are words, not frames: VoiceConsistencyTests hears them.
@Suite(.timeLimit(.minutes(2)))
struct ConsistencyTests {
    @Test("the live frame of every pushed state is the showcase's frame", arguments: Catalog.all.filter { $0.kind.isPushDriven && $0.kind != .voice })
    func sameFrame(scenario: Scenario) async throws {
        let script: SessionScript
        switch scenario.provenance {
        case .notPushed:
            Issue.record("\(scenario.id) draws pushed state but its catalog entry says nothing is pushed to it")
            return
        case .unreachable(let reason):
            #expect(!reason.isEmpty, "\(scenario.id) is exempt without saying why")
            return
        case .pushed(let played):
            script = played
        case .liveOnly:
            Issue.record("\(scenario.id) draws pushed state but its catalog entry says only the live loop makes it")
            return
        }
        if let notification = scenario.recipe as? NotificationRecipe {
            return try await sameNotification(scenario, notification, script)
        }
        if let player = scenario.recipe as? MediaPlayerRecipe {
            return try await sameMediaPlayer(scenario, player, script)
        }
        if let dock = scenario.recipe as? DockEntryRecipe {
            return try await sameDockEntry(scenario, dock, script)
        }
        let recipe = try #require(scenario.recipe as? SessionRecipe)
        if recipe.surface == .statusLine {
            try await Self.sameStatusLine(scenario, recipe: recipe, script: script)
            return
        }
        let (surfaces, origin) = Self.placement(of: recipe.surface)
        var model = LiveScreenModel(isOwner: surfaces.isEmpty, timeDisplay: recipe.timeDisplay)
        model.receive(try await LivePlayback.play(script))

        for variant in Variant.snapshots {
            let environment = variant.environment(now: script.shownAt)
            // The live app's own screen, as `moments start` (the timer) or `moments watch
            // --presentation` (a surface) draws it; the timer at the catalog's size.
            let screen = SessionScreen(model: model, surfaces: surfaces)
            let size = surfaces.isEmpty
                ? ViewKind.timerScreen.naturalSize : screen.size(for: Size(width: 200, height: 100), in: environment)
            let live = Frame(rendering: screen, width: size.width, height: size.height, environment: environment)
            let shown = scenario.frame(variant)
            if let difference = Self.difference(live, at: origin, shown) {
                Issue.record("\(scenario.id), \(variant.label(for: scenario)): \(difference)")
            }
        }
    }

    /// The status line: what `moments status` makes of the pushed state (the live app's
    /// own `StatusLine(snapshot:…)`), in every format, is the showcase's, byte for byte and
    /// cell for cell.
    static func sameStatusLine(_ scenario: Scenario, recipe: SessionRecipe, script: SessionScript) async throws {
        let pushed = try await LivePlayback.play(script)
        let live = StatusLine(snapshot: pushed, timeDisplay: recipe.timeDisplay, at: script.shownAt)
        let shown = StatusLine(session: recipe.display)
        for format in StatusLineFormat.allCases {
            #expect(live.text(format, at: script.shownAt) == shown.text(format, at: script.shownAt), "\(scenario.id), \(format)")
        }
        for variant in Variant.snapshots {
            let environment = variant.environment(now: script.shownAt)
            let size = variant.size(for: scenario)
            let frame = Frame(rendering: StatusLinePreview(line: live), width: size.width, height: size.height, environment: environment)
            #expect(frame == scenario.frame(variant), "\(scenario.id), \(variant.label(for: scenario))")
        }
    }

    /// The notification `moments notify` keeps for the state the server pushed, made from
    /// the live app's own screen model as its loop makes it, drawn by the same card.
    func sameNotification(_ scenario: Scenario, _ recipe: NotificationRecipe, _ script: SessionScript) async throws {
        var model = LiveScreenModel(isOwner: false, timeDisplay: recipe.session.timeDisplay)
        model.receive(try await LivePlayback.play(script))
        let display = try #require(model.session(at: script.shownAt))
        let live = SessionNotification.content(
            of: display, at: script.shownAt, pending: model.pending, offersActions: recipe.offersActions)
        #expect(live == recipe.content, "\(scenario.id)")
        Self.sameCard(NotificationCard(content: live), as: scenario, at: script.shownAt)
    }

    /// The lock screen's player `moments notify` keeps for the state the server pushed,
    /// made from the live app's own screen model as its loop makes it, drawn by the same card.
    func sameMediaPlayer(_ scenario: Scenario, _ recipe: MediaPlayerRecipe, _ script: SessionScript) async throws {
        var model = LiveScreenModel(isOwner: false, timeDisplay: recipe.session.timeDisplay, isFollower: !recipe.controls)
        model.receive(try await LivePlayback.play(script))
        let display = try #require(model.session(at: script.shownAt))
        let live = SessionMediaPlayer.content(of: display, at: script.shownAt, pending: model.pending, controls: !model.isFollower)
        #expect(live == recipe.content, "\(scenario.id)")
        Self.sameCard(MediaPlayerCard(content: live), as: scenario, at: script.shownAt)
    }

    /// The dock's entry `moments notify` keeps for the state the server pushed, made from
    /// the live app's own screen model as its loop makes it, drawn by the same card.
    func sameDockEntry(_ scenario: Scenario, _ recipe: DockEntryRecipe, _ script: SessionScript) async throws {
        var model = LiveScreenModel(isOwner: false, timeDisplay: recipe.session.timeDisplay)
        model.receive(try await LivePlayback.play(script))
        let display = try #require(model.session(at: script.shownAt))
        let live = SessionDockEntry.content(of: display, at: script.shownAt)
        #expect(live == recipe.content, "\(scenario.id)")
        Self.sameCard(DockEntryCard(content: live), as: scenario, at: script.shownAt)
    }

    /// Whether `card`, drawn in every snapshot variant at `now`, is the scenario's frame,
    /// cell for cell: a desktop surface the live loop made, against the catalog's.
    static func sameCard(_ card: some View, as scenario: Scenario, at now: Date) {
        for variant in Variant.snapshots {
            let size = variant.size(for: scenario)
            let frame = Frame(rendering: card, width: size.width, height: size.height, environment: variant.environment(now: now))
            if let difference = difference(frame, at: Point(x: 0, y: 0), scenario.frame(variant)) {
                Issue.record("\(scenario.id), \(variant.label(for: scenario)): \(difference)")
            }
        }
    }

    /// Which screen of the live app shows a surface, and where in it the showcase's frame
    /// sits: the timer fills its screen; a watcher's presentation is drawn under its title,
    /// one column in (``Rendering/WatchScreen``), the compact sides at the two ends of the
    /// pill.
    static func placement(of surface: SessionRecipe.Surface) -> ([ActivitySurface], Point) {
        let underTitle = Point(x: 1, y: 1)
        switch surface {
        case .timer: return ([], Point(x: 0, y: 0))
        case .lock: return ([.lock], underTitle)
        case .compactLeading: return ([.compact], underTitle)
        case .compactTrailing:
            let x = ActivitySurface.compact.size.width - PresentationBudget.compactTrailing.width
            return ([.compact], Point(x: underTitle.x + x, y: underTitle.y))
        case .minimal: return ([.minimal], underTitle)
        case .expanded: return ([.expanded], underTitle)
        case .statusLine: return ([], Point(x: 0, y: 0))
        }
    }

    /// The first cell where `shown` differs from `live` read from `origin`, in words, or `nil`.
    static func difference(_ live: Frame, at origin: Point, _ shown: Frame) -> String? {
        guard origin.x + shown.width <= live.width, origin.y + shown.height <= live.height else {
            return "the showcase's \(shown.width)×\(shown.height) frame does not fit the live \(live.width)×\(live.height) at \(origin)"
        }
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let mine = shown[x, y]
                let theirs = live[origin.x + x, origin.y + y]
                if mine.isContinuation != theirs.isContinuation || shown.text(of: mine) != live.text(of: theirs)
                    || mine.style != theirs.style
                {
                    return "cell (\(x), \(y)) shows \(shown.text(of: mine).debugDescription) in \(mine.style), the live app \(live.text(of: theirs).debugDescription) in \(theirs.style)\nshowcase:\n\(shown.lines.joined(separator: "\n"))\nlive:\n\(live.lines.joined(separator: "\n"))"
                }
            }
        }
        return nil
    }
}
