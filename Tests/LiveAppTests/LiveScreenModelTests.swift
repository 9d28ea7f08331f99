import Domain
import Fixtures
@testable import LiveApp
import Rendering
import SyncAuthority
import SyncProtocol
import TerminalIO
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

    /// What the screen shows, as far as a frame depends on the model.
    struct Shown: Equatable {
        let version: UInt64?
        let hints: [KeyHint]

        init(_ model: LiveScreenModel) {
            self.init(version: model.snapshot?.version, hints: model.hints)
        }

        init(version: UInt64?, hints: [KeyHint]) {
            self.version = version
            self.hints = hints
        }
    }

    /// Presses space on a running session, then delivers the answer and the push in the
    /// order given, with a tick of the display clock between them; answers each frame
    /// drawn (the key's, and each the model asks for).
    func framesOfPause(answerFirst: Bool) async throws -> (frames: [Shown], model: LiveScreenModel) {
        let (running, paused, _) = try await pushes()
        var model = LiveScreenModel(isOwner: true)
        model.receive(running)
        var frames: [Shown] = []
        #expect(model.press(.space) == .send(.pause))
        frames.append(Shown(model))
        let deliveries: [(inout LiveScreenModel) -> Bool] = [
            { $0.answered(.success(paused)) },
            { $0.receive(paused) },
        ]
        // The display clock's tick may come between the two.
        let tick: (inout LiveScreenModel) -> Bool = { $0.drawsUnasked() }
        let (first, second) = answerFirst ? (deliveries[0], deliveries[1]) : (deliveries[1], deliveries[0])
        for deliver in [first, tick, second] {
            // Every state the model holds is a consistent frame, drawn or not.
            if deliver(&model) {
                frames.append(Shown(model))
                #expect(model.pending == nil || model.snapshot == running, "a frame drawn with the new state and the old mark")
            }
            #expect(model.pending == nil || model.hints.map(\.label) == ["Pausing"], "a state without its pending mark")
            #expect(model.pending != nil || model.snapshot == paused, "the mark went before the paused state came")
        }
        return (frames, model)
    }

    @Test("the answer and the push of one intent, in either order: two frames, pending then the pushed state", arguments: [true, false])
    func answerAndPushInEitherOrder(answerFirst: Bool) async throws {
        let (frames, model) = try await framesOfPause(answerFirst: answerFirst)
        let (running, paused, _) = try await pushes()
        #expect(frames.count == 2, "a key press drew \(frames.count) frames")
        #expect(frames.first == Shown(version: running.version, hints: [KeyHint(key: "…", label: "Pausing")]))
        #expect(frames.last?.version == paused.version)
        #expect(frames.last?.hints.contains(KeyHint(key: "space", label: "Resume")) == true)
        #expect(model.pending == nil && !model.isAwaitingAnswer)
    }

    @Test("a refused intent drops its mark at once and shows why")
    func refusedAnswer() async throws {
        var model = LiveScreenModel(isOwner: true)
        model.receive(try await pushes().running)
        _ = model.press(.space)
        let redraw = model.answered(.failure(.unreachable("connection refused")))
        #expect(redraw)
        #expect(model.pending == nil)
        #expect(model.hints.first?.key == "!")
    }

    @Test("space is the intent the table binds for the state: pause when running, resume when paused, also under help")
    func spaceIsBoundDirectly() async throws {
        let (running, paused, _) = try await pushes()
        #expect(SessionKeys.action(for: .space, in: .running, isOwner: true) == .send(.pause))
        #expect(SessionKeys.action(for: .space, in: .paused, isOwner: true) == .send(.resume))
        #expect(SessionKeys.action(for: .space, in: .help, isOwner: true, session: .paused) == .send(.resume))
        var model = LiveScreenModel(isOwner: true)
        model.receive(paused)
        #expect(model.press(.character("?")) == nil)
        #expect(model.press(.space) == .send(.resume))
        model.receive(running)
        #expect(model.press(.character("?")) == nil)
        #expect(model.press(.space) == .send(.pause))
    }

    @Test("c asks before cancelling; only y cancels")
    func cancelAsks() async throws {
        var model = LiveScreenModel(isOwner: true)
        model.receive(try await pushes().running)
        #expect(model.press(.character("c")) == nil)
        #expect(model.hints.first?.isQuestion == true)
        #expect(model.hints.dropFirst().first?.label == "Cancel the session")
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
        // What was not done, then why.
        #expect(model.hints.first == KeyHint(key: "!", label: "Target unchanged: The target cannot go below the time sat."))
        model.receive(ended)
        #expect(model.press(.space) == nil)
        #expect(model.press(.character("f")) == nil)
        #expect(model.press(.character("q")) == .leave)
    }
}
