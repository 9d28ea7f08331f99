@testable import LiveApp
import Domain
import Fixtures
import Foundation
import Rendering
import SyncProtocol
import TestSupport
import Testing

/// The voice's scenarios are what the live app says: each scenario's script is played
/// through the real server, every push the observer takes is given to the live app's own
/// bell presenter (as `moments start` gives it, at the instant it arrives, then the clock's
/// tick at the moment shown), and the last words the presenter gives its voice are the
/// scenario's words, drawn as its card.
@Suite("What the live app says is the voice's scenario", .timeLimit(.minutes(2)))
struct VoiceConsistencyTests {
    @Test("the words said of every pushed state are the scenario's", arguments: Catalog.all.filter { $0.kind == .voice })
    func sameWords(scenario: Scenario) async throws {
        let recipe = try #require(scenario.recipe as? AnnouncementRecipe)
        guard case .pushed(let script) = scenario.provenance else {
            guard case .unreachable(let reason) = scenario.provenance else {
                Issue.record("\(scenario.id) is spoken of pushed state but says nothing is pushed")
                return
            }
            #expect(!reason.isEmpty, "\(scenario.id) is exempt without saying why")
            return
        }
        let pushes = Locked<[ActivitySnapshot]>([])
        let last = try await LivePlayback.play(script) { push in pushes.withLock { $0.append(push) } }
        let heard = Locked<[String]>([])
        var presenter = BellPresenter(
            runtime: PreviewRuntimeFolder(), sound: nil,
            speaking: BellPresenter.Speaking(level: .all, heard: { _ in .zero }, say: { words in heard.withLock { $0.append(words) } }))
        for push in pushes.value { _ = presenter.present(push, at: push.timestamp) }
        presenter.tick(last, at: script.shownAt)
        await presenter.finish()
        let said = try #require(heard.value.last, "\(scenario.id): the live presenter said nothing")
        #expect(said == recipe.words, "\(scenario.id): the live app said \(heard.value)")
        let level = try #require(recipe.announcement?.level)
        ConsistencyTests.sameCard(AnnouncementCard(words: said, level: level), as: scenario, at: script.shownAt)
    }
}
