import Domain
import Fixtures
import Foundation
import LiveApp
import Rendering
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The session runtime (`SessionShow`, the loop of `moments start`, `moments watch` and
/// `moments-showcase play`) run in-process on preview dependencies: the real server on a
/// preview storage and clock, and a terminal in memory that types keys, sends signals and
/// keeps every frame written. What only a real terminal proves (raw mode, restore on every
/// exit, signals from the kernel) stays with the pseudo-terminal suites.
@Suite(.timeLimit(.minutes(1)))
struct SessionRuntimeTests {
    /// A session running on the real server, and a terminal in memory to show it in.
    struct Stage {
        let server: SyncServer
        let clock: PreviewClock
        let session: SessionSource
        let id: String
        let terminal = PreviewSessionTerminal()
        /// What the frames written so far draw.
        var screen = VirtualTerminal(width: 100, height: 30)
        var writes: AsyncStream<String>.Iterator

        init() async throws {
            clock = PreviewClock()
            server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
            let created = try await server.create(SessionAttributesMother.makeAttributes())
            id = created.id
            session = SessionSource(
                connection: InProcessConnection(server: server), id: created.id, token: created.token, clock: clock)
            writes = terminal.writes.makeAsyncIterator()
        }

        /// Runs the owner's timer screen (or `surfaces`) until it ends.
        func show(surfaces: [ActivitySurface] = [], noTTY: Bool = false) -> Task<SessionEnding, Never> {
            let (session, terminal) = (self.session, self.terminal)
            return Task {
                await SessionShow.run(
                    session, on: terminal, settings: .standard, surfaces: surfaces, noTTY: noTTY, timeZone: .utc)
            }
        }

        /// Takes frames until the screen shows `text`; answers how many it took.
        mutating func frames(until text: String) async -> Int? {
            var count = 0
            while !screen.text.contains(text) {
                guard let frame = await writes.next() else { return nil }
                screen.feed(frame)
                count += 1
            }
            return count
        }
    }

    @Test("space pauses through the server in two frames: the pending mark, then the pushed state")
    func keyPressTwoFrames() async throws {
        var stage = try await Stage()
        let showing = stage.show()
        #expect(await stage.frames(until: "▸ Running") != nil, "\(stage.screen.text)")
        #expect(stage.terminal.isEntered)

        stage.terminal.type(" ")
        let frames = await stage.frames(until: "‖ Paused")
        #expect(frames.map { $0 <= 2 } == true, "space drew \(String(describing: frames)) frames")
        #expect(try await stage.server.snapshot(of: stage.id).activity.content.isPaused)
        #expect(!stage.screen.text.contains("Pausing"))

        stage.terminal.type("q")
        #expect(await stage.frames(until: "Leave it running") != nil)
        stage.terminal.type("y")
        #expect(await showing.value == .left)
        #expect(!stage.terminal.isEntered, "the terminal was not given back")
        #expect(try await stage.server.snapshot(of: stage.id).activity.content.outcome == nil)
    }

    @Test("f finishes: the runtime ends with the pushed end, and the server holds it")
    func finish() async throws {
        var stage = try await Stage()
        let showing = stage.show()
        #expect(await stage.frames(until: "▸ Running") != nil)
        stage.clock.advance(by: 30)
        stage.terminal.type("f")
        let ending = await showing.value
        #expect(ending.endedActivity?.content.outcome == .finishedEarly)
        #expect(try await stage.server.snapshot(of: stage.id).event == .end)
        #expect(!stage.terminal.isEntered)
    }

    @Test("a stop signal leaves at once, the session still running on the server")
    func signalInterrupts() async throws {
        var stage = try await Stage()
        let showing = stage.show()
        #expect(await stage.frames(until: "▸ Running") != nil)
        stage.terminal.send(signal: SIGTERM)
        #expect(await showing.value == .interrupted)
        #expect(try await stage.server.snapshot(of: stage.id).activity.content.isRunning)
        #expect(!stage.terminal.isEntered)
    }

    @Test("without a terminal: lines, one per change, and the end when the server's clock completes it")
    func lines() async throws {
        var stage = try await Stage()
        let showing = stage.show(noTTY: true)
        #expect(await stage.frames(until: "Running") != nil)
        #expect(!stage.terminal.wasEntered)
        // The fixture session's target passes; the server's own clock rule completes it.
        stage.clock.advance(by: 60 * 60)
        await stage.server.tick()
        let ending = await showing.value
        #expect(ending.endedActivity?.content.outcome == .completed)
        #expect(await stage.frames(until: "Completed") != nil, "\(stage.terminal.written)")
        #expect(!stage.terminal.written.joined().contains("\u{1B}["), "lines carry no escape sequence")
    }
}
