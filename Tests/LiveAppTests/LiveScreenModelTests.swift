@testable import LiveApp
import Domain
import Fixtures
import Rendering
import TerminalIO
import Sync
import Testing

/// The timer screen's keys: each asks the server through one intent, and nothing the
/// screen shows changes until a push comes back.
@Suite("LiveScreenModel")
struct LiveScreenModelTests {
    /// A real server's pushes for a session, paused or not.
    func pushes() async throws -> (running: ActivitySnapshot, paused: ActivitySnapshot, ended: ActivitySnapshot) {
        let clock = PreviewClock()
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let created = try await server.create(SessionAttributesMother.makeAttributes())
        clock.advance(by: 10)
        let paused = try await server.send(try IntentRequest(clientID: "t", intentID: "1", intent: .pause), to: created.id, token: created.token)
        let ended = try await server.send(try IntentRequest(clientID: "t", intentID: "2", intent: .finish), to: created.id, token: created.token)
        return (created.state, paused, ended)
    }

    @Test("space, f, + and - send intents; the state shown stays the pushed one, with a pending mark")
    func intents() async throws {
        let (running, paused, _) = try await pushes()
        var model = LiveScreenModel(isOwner: true)
        model.receive(running)
        #expect(model.press(.space) == .send(.pause))
        #expect(model.snapshot == running)
        #expect(model.hints.map(\.label) == ["Pausing"])
        model.answered(.success(paused))
        model.receive(paused)
        #expect(model.press(.space) == .send(.resume))
        #expect(model.press(.character("f")) == .send(.finish))
        #expect(model.press(.character("+")) == .send(.adjustTarget(bySeconds: 60)))
        #expect(model.press(.character("-")) == .send(.adjustTarget(bySeconds: -60)))
    }

    @Test("c asks before cancelling; only y cancels")
    func cancelAsks() async throws {
        var model = LiveScreenModel(isOwner: true)
        model.receive(try await pushes().running)
        #expect(model.press(.character("c")) == nil)
        #expect(model.hints.first?.label == "Cancel the session")
        #expect(model.press(.character("n")) == nil)
        #expect(model.press(.character("c")) == nil)
        #expect(model.press(.character("y")) == .send(.cancel))
    }

    @Test("q: the owner is asked whether the session keeps running; a watcher just leaves")
    func quit() async throws {
        let running = try await pushes().running
        var owner = LiveScreenModel(isOwner: true)
        owner.receive(running)
        #expect(owner.press(.character("q")) == nil)
        #expect(owner.press(.escape) == nil)
        #expect(owner.press(.character("q")) == nil)
        #expect(owner.press(.character("y")) == .leave)
        #expect(owner.press(.character("q")) == nil)
        #expect(owner.press(.character("n")) == .send(.finish))

        var watcher = LiveScreenModel(isOwner: false)
        watcher.receive(running)
        #expect(watcher.press(.character("q")) == .leave)
        #expect(watcher.press(.interrupt) == .interrupt)
    }

    @Test("a refusal is shown as a notice until the next key; after the end only leaving is left")
    func refusalAndEnd() async throws {
        let (running, _, ended) = try await pushes()
        var model = LiveScreenModel(isOwner: false)
        model.receive(running)
        _ = model.press(.character("-"))
        model.answered(.failure(.badRequest("The target cannot go below the time sat.")))
        #expect(model.hints.first == KeyHint(key: "!", label: "The target cannot go below the time sat."))
        model.receive(ended)
        #expect(model.press(.space) == nil)
        #expect(model.press(.character("f")) == nil)
        #expect(model.press(.character("q")) == .leave)
    }
}
