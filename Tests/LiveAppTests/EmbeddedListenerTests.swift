import Foundation
import LiveApp
import TestSupport
import Testing

/// The embedded server's loopback port as another terminal meets it (ADR 0037): named in
/// the runtime file and accepting from the start, with the HTTP server behind it (NIO's
/// event loop threads) started only by the first connection.
@Suite("The embedded server's loopback listener", .takingTurns)
struct EmbeddedListenerTests {
    @Test("moments start runs no HTTP server until the first connection, which its port accepts and answers")
    func startsAtTheFirstConnection() throws {
        let machine = try LiveFixture()
        let owner = try machine.moments(["start", "5m", "--name", "Lazy"])
        #expect(owner.waitForText("Running"), "\(owner.errors)")
        #expect(machine.eventually { machine.runtimeFiles().count == 1 })
        let file = try #require(machine.runtimeFiles().first)
        let entry = try #require(RuntimeEntry.read(try Data(contentsOf: file)))
        let port = try #require(URLComponents(string: entry.server)?.port)
        #expect(Self.eventLoopThreads(of: owner.processID).isEmpty, "\(Self.threadNames(of: owner.processID))")

        let connection = try RawConnection(port: port)
        defer { connection.close() }
        try connection.sendGet("/healthz")
        #expect(connection.read { $0.hasPrefix("HTTP/1.1 200") && $0.contains("\r\n\r\n") }, "\(connection.text)")
        #expect(connection.text.lowercased().contains("server: little-moments"), "\(connection.text)")
        #expect(!Self.eventLoopThreads(of: owner.processID).isEmpty, "\(Self.threadNames(of: owner.processID))")

        // A watcher follows the session on the server the first connection started.
        let watcher = try machine.moments(["watch"])
        #expect(watcher.waitForText("Lazy"), "\(watcher.errors)")
        owner.signal(SIGTERM)
        #expect(owner.waitForExit() != nil)
        watcher.signal(SIGTERM)
        #expect(watcher.waitForExit() != nil)
    }

    /// The names of `process`'s threads (`/proc/PID/task/*/comm`).
    private static func threadNames(of process: pid_t) -> [String] {
        let tasks = "/proc/\(process)/task"
        let identifiers = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return identifiers.compactMap { identifier in
            (try? String(contentsOfFile: "\(tasks)/\(identifier)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// NIO's event loop threads, which only an HTTP server (or client) of the process starts.
    private static func eventLoopThreads(of process: pid_t) -> [String] {
        threadNames(of: process).filter { $0.hasPrefix("NIO-") }
    }
}
