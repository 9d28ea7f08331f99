import Domain
import EmbeddedHosting
import Fixtures
import Foundation
import LiveApp
import LiveComposition
import Persistence
import ShowcaseComposition
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The showcase's server is the live server (ADR 0025): every scripted session of the
/// catalog, played on the showcase composition's server (preview storage in memory) and on
/// the live composition's (JSON files in a fresh folder, the history recorded), each on a
/// preview clock, gives the same pushes, version by version, through to the dismissal:
/// the steps' changes, the clock rules (completion, the 8-hour end, going stale), the end
/// and the dismissal. Only the activity's id differs: the preview names its session.
@Suite(.timeLimit(.minutes(5)))
struct PreviewServerTests {
    /// Every distinct script the catalog plays: the pushed scenarios' and the transcripts'.
    static let scripts: [SessionScript] = {
        var seen = Set<SessionScript>()
        let all = Catalog.all.compactMap { scenario -> SessionScript? in
            if case .pushed(let script) = scenario.provenance { return script }
            return (scenario.recipe as? TranscriptRecipe)?.script
        }
        return all.filter { seen.insert($0).inserted }
    }()

    @Test("the catalog plays scripts that end every way a session ends")
    func scriptsCoverTheMoments() {
        let moments = Set(Self.scripts.map(\.moment.name))
        #expect(moments.isSuperset(of: ["justStarted", "running", "paused", "completed", "finishedEarly", "cancelled", "expired"]))
    }

    @Test("the preview server pushes what the live server on JSON files pushes", arguments: Self.scripts)
    func samePushes(script: SessionScript) async throws {
        let previewClock = PreviewClock(now: script.start)
        let preview = try await Self.pushes(
            of: script, on: ShowcaseRoot.previewServer(clock: previewClock), clock: previewClock)
        let live = try await TemporaryFolder.with { folder in
            let clock = PreviewClock(now: script.start)
            let configuration = ServerConfiguration(
                locations: StoreLocations(singleDirectory: folder.url), clock: clock) { Issue.record("\($0)") }
            let assembled = try await LiveRoot.buildServer(configuration)
            let pushes = try await Self.pushes(of: script, on: assembled.server, clock: clock)
            await assembled.close()
            return pushes
        }
        #expect(preview.map(\.version) == (0..<preview.count).map { UInt64($0 + 1) }, "versions with a gap")
        #expect(preview.last?.event == .dismiss, "the preview never dismissed the session: \(preview.map(\.event))")
        #expect(Self.anonymous(preview) == Self.anonymous(live))
    }

    /// Every push of `script`'s session on `server`, from its start to its dismissal:
    /// the script's steps at their instants, then the clock moved to each deadline the
    /// session still has, until none is left.
    static func pushes(of script: SessionScript, on server: SyncServer, clock: PreviewClock) async throws -> [ActivitySnapshot] {
        let created = try await script.start(on: server)
        let stream = try await server.subscribe(to: created.id, token: created.token)
        let collecting = Task { await stream.reduce(into: [ActivitySnapshot]()) { $0.append($1) } }
        try await script.playSteps(of: created, on: server, clock: clock)
        // Completion, going stale, the 8-hour end and the dismissal: a handful at most.
        for _ in 0..<16 {
            guard let next = try await server.snapshot(of: created.id).nextRuleDeadline else { break }
            clock.advance(by: max(0, next.timeIntervalSince(clock.now())))
            await server.tick()
        }
        await server.shutdown()
        return await collecting.value
    }

    /// The pushes with the activity's id left out, which each server names its own way.
    static func anonymous(_ pushes: [ActivitySnapshot]) -> [ActivitySnapshot] {
        pushes.map {
            ActivitySnapshot(id: "", version: $0.version, timestamp: $0.timestamp, event: $0.event, activity: $0.activity)
        }
    }
}
