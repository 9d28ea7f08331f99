import Domain
import Fixtures
import Foundation
@testable import LiveApp
import SyncAuthority
import SyncProtocol
import TestSupport
import Testing

/// The bells a session's pushes carry, as the processes showing it present them: each
/// once, none more than a minute late, and sounded once per machine however many
/// terminals show it. (The server's side, the alerts and their instants, is in
/// SyncTests' BellPushTests; the terminal's flash in the catalog's consistency tests.)
@Suite("Presenting bells")
struct BellPresenterTests {
    /// The pushes of a real server for a three-minute session with a bell a minute: the
    /// start (its start bell), the first interval bell, and the completion (the end bell).
    static func pushes() async throws -> [ActivitySnapshot] {
        let clock = PreviewClock()
        let server = SyncServer(storage: PreviewSyncStorage(), clock: clock)
        let created = try await server.create(BellProgramMother.makeAttributes(BellProgramMother.makeProgram()))
        var pushes = [created.state]
        for seconds in [60.0, 120] {
            clock.advance(by: seconds - clock.now().timeIntervalSince(created.state.timestamp))
            await server.tick()
            pushes.append(try await server.snapshot(of: created.id))
        }
        clock.advance(by: 180 - clock.now().timeIntervalSince(created.state.timestamp))
        await server.tick()
        pushes.append(try await server.snapshot(of: created.id))
        return pushes
    }

    @Test("each alert is presented once; a push seen again presents nothing")
    func once() async throws {
        let sounded = Locked<[String]>([])
        var presenter = BellPresenter(runtime: PreviewRuntimeFolder()) { alert in sounded.withLock { $0.append(alert.summary) } }
        let pushes = try await Self.pushes()
        let presented = pushes.compactMap { presenter.present($0, at: $0.timestamp) }
        #expect(presented.map(\.summary) == ["start bell", "bell 1 of 2", "bell 2 of 2", "end bell"])
        #expect(presented.last?.strikes == 3)
        #expect(pushes.compactMap { presenter.present($0, at: $0.timestamp) }.isEmpty)
        await presenter.finish()
        #expect(Set(sounded.value) == ["start bell", "bell 1 of 2", "bell 2 of 2", "end bell"])
    }

    @Test("three terminals on one machine show every bell; the first to claim it sounds it, a silent one never does")
    func soundedOncePerMachine() async throws {
        let machine = PreviewRuntimeFolder()
        let sounded = Locked<[String]>([])
        let sound: @Sendable (BellAlert) async -> Void = { alert in sounded.withLock { $0.append(alert.summary) } }
        var silent = BellPresenter(runtime: machine, sound: nil)
        var owner = BellPresenter(runtime: machine, sound: sound)
        var watcher = BellPresenter(runtime: machine, sound: sound)
        for push in try await Self.pushes() {
            let shown = [silent.present(push, at: push.timestamp), owner.present(push, at: push.timestamp), watcher.present(push, at: push.timestamp)]
            #expect(Set(shown.map { $0?.summary }).count == 1, "all three show the same")
        }
        for presenter in [silent, owner, watcher] { await presenter.finish() }
        #expect(Set(sounded.value) == ["start bell", "bell 1 of 2", "bell 2 of 2", "end bell"])
        #expect(sounded.value.count == 4)
        var elsewhere = BellPresenter(runtime: PreviewRuntimeFolder(), sound: sound)
        for push in try await Self.pushes() { _ = elsewhere.present(push, at: push.timestamp) }
        await elsewhere.finish()
        #expect(sounded.value.count == 8, "a second machine sounds its own")
    }

    @Test("an alert seen more than a minute after it was due is dropped silently")
    func late() async throws {
        let bell = try #require(try await Self.pushes()[1].alert)
        var presenter = BellPresenter(runtime: PreviewRuntimeFolder(), sound: nil)
        let push = try await Self.pushes()[1]
        #expect(presenter.present(push, at: bell.due.addingTimeInterval(61)) == nil)
        #expect(presenter.present(push, at: bell.due.addingTimeInterval(59))?.number == 1)
    }
}
