import Domain
import Fixtures
import Foundation
@testable import LiveApp
import Rendering
import SyncAuthority
import SyncProtocol
import TerminalIO
import Testing

/// The states only the live app's loop shows, proved as the catalog draws them: for each
/// live-screen and watch-screen scenario, the live model (``LiveApp/LiveScreenModel``),
/// fed the real server's push and the key sequence a person types to get there, draws
/// through the live app's own screen (``Rendering/SessionScreen``) the catalog's frame,
/// cell for cell. A refusal is the real server's answer, not a fixture's words.
@Suite(.timeLimit(.minutes(2)))
struct LiveStateConsistencyTests {
    static let liveStates = Catalog.all.filter { $0.kind == .liveScreen || $0.kind == .watchScreen }

    @Test("a key sequence fed to the live model draws the catalog's frame of that state", arguments: liveStates)
    func sameFrame(scenario: Scenario) async throws {
        let recipe = try #require(scenario.recipe as? LiveStateRecipe)
        let preview = recipe.model
        let script = PreviewSessionScreenModel.script(for: recipe.state)
        var model = LiveScreenModel(
            isOwner: preview.isOwner && !preview.isFollower, timeDisplay: preview.timeDisplay, isFollower: preview.isFollower,
            joinCode: preview.joinCode)
        try await Self.lead(&model, to: recipe.state, script: script)

        for variant in Variant.snapshots {
            let environment = scenario.environment(variant)
            let size = variant.size(for: scenario)
            let live = Frame(
                rendering: SessionScreen(model: model, surfaces: recipe.presentation.surfaces), width: size.width,
                height: size.height, environment: environment)
            let shown = scenario.frame(variant)
            if let difference = ConsistencyTests.difference(live, at: Point(x: 0, y: 0), shown) {
                Issue.record("\(scenario.id), \(variant.label(for: scenario)): \(difference)")
            }
        }
    }

    /// Brings `model` to `state` as the live app gets there: the server's pushes, the
    /// connection's news and the person's access keys.
    static func lead(_ model: inout LiveScreenModel, to state: PreviewSessionScreenModel.State, script: SessionScript) async throws {
        switch state {
        case .connecting, .groupJoining: return
        case .cannotConnect:
            model.reconnecting = PreviewSessionScreenModel.unreachable
            return
        default: break
        }
        model.receive(try await LivePlayback.play(script))
        switch state {
        case .running, .paused, .completed, .connecting, .cannotConnect, .groupLeader, .groupFollower, .groupRevoked,
            .groupJoining, .groupCrowd, .groupSatWith, .scheduled, .scheduledFollower:
            break
        case .reconnecting, .groupLeaderGone: model.reconnecting = PreviewSessionScreenModel.unreachable
        case .help: _ = model.press(.character("?"))
        case .confirmCancel: _ = model.press(.character("c"))
        case .confirmQuit: _ = model.press(.character("q"))
        case .confirmReplace: model.askToReplace()
        case .pending: #expect(model.press(.space) == .send(.pause))
        case .refused:
            #expect(model.press(.character("-")) == .send(.adjustTarget(bySeconds: -60)))
            model.answered(.failure(try await Self.refusal(of: script)))
        }
    }

    /// What the real server answers when a minute is taken off `script`'s session.
    static func refusal(of script: SessionScript) async throws -> SyncError {
        let clock = PreviewClock(now: script.start)
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let created = try await server.create(script.attributes, showSeconds: script.showSeconds)
        for step in script.steps {
            clock.advance(by: step.afterSeconds)
            if let intent = step.intent {
                _ = try await server.send(try IntentRequest(clientID: "t", intentID: UUID().uuidString, intent: intent), to: created.id, token: created.token)
            }
        }
        clock.advance(by: script.viewedAfter)
        do {
            _ = try await server.send(
                try IntentRequest(clientID: "t", intentID: "minus", intent: .adjustTarget(bySeconds: -60)), to: created.id,
                token: created.token)
        } catch {
            return error
        }
        Issue.record("the server took a minute off \(script.attributes.name.value) below the time sat")
        return .badRequest("no refusal")
    }
}
