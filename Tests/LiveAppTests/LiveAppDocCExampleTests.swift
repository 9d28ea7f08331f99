import Domain
import Fixtures
import LiveApp
import SyncAuthority
import SyncProtocol
import Testing

/// LiveApp's DocC example, run with the suite: DocCExamplesTests checks the article holds
/// this code word for word.
@Suite("DocC: LiveApp's example runs", .timeLimit(.minutes(1)))
struct LiveAppDocCExampleTests {
    @Test("moments status, in-process on the preview dependencies, prints the session the server holds")
    func statusInProcess() async throws {
        // DocC example: LiveApp.docc/LiveApp.md
        // `moments` in-process on its preview dependencies: the real commands, on the real
        // server over a preview storage and clock, with a console that keeps what it is told.
        let clock = PreviewClock()
        let host = PreviewServerHost(clock: clock)
        let console = PreviewConsoleOutput()
        let dependencies = LiveDependencies.preview(host: host, clock: clock, console: console)

        // A five-minute sit started on the server, and 2:05 sat of it.
        _ = try await host.server.create(SessionAttributesMother.makeAttributes(name: "Morning sit"))
        clock.advance(by: 125)

        // `moments status` reads it from the server's state and prints it in one line.
        let status = await MomentsApp.execute(["status"], dependencies: dependencies)
        print(status, console.output)  // 0 ▸ 2:05 41% Morning sit
        // End of DocC example
        #expect(status == ExitStatus.completed.rawValue, "\(console.errors)")
        #expect(console.output == "▸ 2:05 41% Morning sit\n", "\(console.output)")
        #expect(console.errors.isEmpty, "\(console.errors)")
        await host.shutdown()
    }
}
