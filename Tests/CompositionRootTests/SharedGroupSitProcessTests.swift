import Domain
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// A group sit across three real `moments serve --database-url` on one real PostgreSQL
/// (ADR 0072, 0073): its leader in a pseudo-terminal on one server, a follower on each of
/// the two others, each person on a machine (a data folder) of their own.
@Suite("A group sit across servers sharing PostgreSQL, in real terminals", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct SharedGroupSitProcessTests {
    /// A person's machine: a data folder and a runtime folder of their own.
    final class Person {
        let folder: TemporaryFolder

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(at: folder.path("run"), withIntermediateDirectories: true)
        }

        deinit { folder.remove() }

        func moments(_ arguments: [String]) throws -> PseudoTerminal {
            try PseudoTerminal(
                product: "moments", arguments,
                environment: [
                    "MOMENTS_HOME": folder.path("data").path, "XDG_RUNTIME_DIR": folder.path("run").path, "HOME": folder.url.path,
                    "MOMENTS_PLAYER": "/bin/false", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no",
                    "TZ": "UTC",
                ])
        }
    }

    @Test("followers on two other servers see the leader's sit, are counted together, get its pause, and are let go by its revocation")
    func acrossServers() throws {
        let postgres = try PostgresScope.current()
        let name = "group_\(UUID().uuidString.prefix(8).lowercased())"
        try postgres.createDatabase(name)
        let machines = try TemporaryFolder()
        defer { machines.remove() }
        let servers = try (0..<3).map { index in
            try ServerProcess(dataDirectory: machines.path("server-\(index)"), arguments: ["--database-url", postgres.url(database: name)])
        }
        defer {
            for server in servers {
                server.signal(SIGTERM)
                _ = server.waitForExit()
            }
        }
        do {
            let urls = servers.map(\.baseURL)
            let leaderPerson = try Person()
            let leader = try leaderPerson.moments(["start", "10m", "--group", "--name", "Sangha", "--silent", "--server", urls[0]])
            // An 80-column screen shows the code whole, after `code: `.
            #expect(leader.waitForText("code: "), "\(leader.screen.text)\n\(leader.errors)")
            let text = leader.screen.text
            let range = try #require(text.range(of: #"code: [0-9a-z-]+\.[0-9a-z]+"#, options: .regularExpression))
            let code = String(text[range].dropFirst("code: ".count))
            let people = [try Person(), try Person()]
            let followers = try [
                people[0].moments(["join", code, "--server", urls[1], "--silent"]),
                people[1].moments(["join", code, "--server", urls[2], "--silent"]),
            ]
            for follower in followers {
                #expect(follower.waitForText("following a group sit"), "\(follower.screen.text)\n\(follower.errors)")
                // Counted across the servers: the leader and both followers.
                #expect(follower.waitForText("● 3 sitting"), "\(follower.screen.text)")
            }
            #expect(leader.waitForText("● 3 sitting"), "\(leader.screen.text)")
            leader.type(" ")
            for follower in followers { #expect(follower.waitForText("Paused"), "\(follower.screen.text)") }
            leader.type("r")
            for follower in followers {
                let status = try #require(follower.waitForExit())
                #expect(PseudoTerminal.exitCode(status) == 1, "\(follower.errors)")
                #expect(follower.errors.contains("The leader revoked this join code"), "\(follower.errors)")
            }
            #expect(leader.waitForText("● 1 sitting"), "\(leader.screen.text)")
            leader.type("f")
            #expect(PseudoTerminal.exitCode(try #require(leader.waitForExit())) == 2, "\(leader.screen.text)")
            withExtendedLifetime((leaderPerson, people)) {}
        }
    }
}
