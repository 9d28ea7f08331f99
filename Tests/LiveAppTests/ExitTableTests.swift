import Foundation
import LiveApp
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one table of exit statuses (`ExitStatus`, which every `--help`, the README and the
/// manual pages print) held against every command: each failure the table lists is met by
/// every command that can meet it, and answered with the table's status and a message that
/// names what failed. Which commands can meet a failure is read from their help, as a
/// person reads it (a command that takes `--server` can meet an unreachable server, one
/// that takes `--data-dir` a data folder it cannot use, one that takes a session's id a
/// missing session), so a command added later is held to the table without touching this
/// suite.
@Suite("The exit-status table, every command into every failure it lists", .blocking, .timeLimit(.minutes(5)))
struct ExitTableTests {
    /// Every command path that runs (not `moments` itself, not a group such as `keys`
    /// that only lists its subcommands), with its help.
    static let commands: [(path: [String], help: String)] = {
        guard let paths = try? CommandLineContractTests.commandPaths() else { return [] }
        return paths.compactMap { path -> ([String], String)? in
            guard !path.isEmpty, let help = try? BuiltProduct.run("moments", path + ["--help"]).output else { return nil }
            // A group whose own run only prints its subcommands' list meets no failure.
            if help.contains("SUBCOMMANDS:") && !help.contains("(default)") { return nil }
            return (path, help)
        }
    }()

    /// The commands whose help lists `option`.
    static func commands(taking option: String) -> [[String]] {
        commands.filter { $0.help.contains(option) }.map(\.path)
    }

    /// `bar` runs until it is stopped: with no session it prints its empty form and waits
    /// for one, and a server it cannot reach is its reconnecting form
    /// (Documentation/StatusBars.md, BarProcessTests), never an exit.
    static let runsUntilStopped: Set<[String]> = [["bar"]]

    /// A port of 127.0.0.1 that nothing listens on: bound, then let go.
    static func closedPort() throws -> Int {
        let (descriptor, port) = try LoopbackSocket.listen()
        close(descriptor)
        return port
    }

    @Test("the table has a row for every status: this suite and the ones it names meet each")
    func everyStatusHasItsFailure() {
        // 0 and 2 are a sit's own ends, held by LineModeAndExitTests (a completed sit) and
        // SignalTimingTests / StartScreenTests (finished early, cancelled, interrupted);
        // the four failures are held here, by every command that can meet them.
        let heldHere: Set<LiveApp.ExitStatus> = [.usageOrInput, .serverUnreachable, .environmentFailure, .noSession]
        #expect(heldHere.union([.completed, .endedEarly]) == Set(LiveApp.ExitStatus.allCases))
        #expect(Self.commands.count >= 15, "\(Self.commands.map(\.path))")
        #expect(Self.commands(taking: "--server <").count >= 10)
        #expect(Self.commands(taking: "--data-dir <").count >= 10)
    }

    @Test("an option no command has is status 1 from every command, naming the option, and nothing is made")
    func unknownOption() throws {
        for path in Self.commands.map(\.path) {
            let folder = try CommandFolder()
            let run = try folder.run(Self.runnable(path) + ["--no-such-option"])
            #expect(run.status == LiveApp.ExitStatus.usageOrInput.rawValue, "moments \(path): \(run.errors)")
            #expect(run.errors.contains("Unknown option '--no-such-option'"), "moments \(path): \(run.errors)")
            #expect(try folder.contents().isEmpty, "moments \(path) made a file")
        }
    }

    @Test("a server whose port is closed is status 3 from every command that takes --server, naming the address and that it refused",
        arguments: commands(taking: "--server <").filter { !runsUntilStopped.contains($0) })
    func serverRefused(path: [String]) throws {
        let machine = try LiveFixture()
        let address = "http://127.0.0.1:\(try Self.closedPort())"
        let run = try machine.run(Self.runnable(path) + ["--server", address])
        #expect(run.status == LiveApp.ExitStatus.serverUnreachable.rawValue, "moments \(path): \(run.output)\(run.errors)")
        #expect(run.errors.contains("\(address) refused the connection"), "moments \(path): \(run.errors)")
        #expect(!run.errors.contains("no answer within"), "moments \(path): \(run.errors)")
    }

    @Test("a server whose host has no address, or that takes the connection and never answers, is status 3 saying which",
        arguments: [["status"], ["start", "5m"], ["pause"], ["watch"]])
    func serverMissingOrSilent(path: [String]) throws {
        let machine = try LiveFixture()
        // `.invalid` is reserved never to resolve (RFC 6761).
        let missing = try machine.run(path + ["--server", "http://no-such-host.invalid:7460"])
        #expect(missing.status == LiveApp.ExitStatus.serverUnreachable.rawValue, "moments \(path): \(missing.errors)")
        #expect(missing.errors.contains("the host of http://no-such-host.invalid:7460 does not exist"), "moments \(path): \(missing.errors)")
        // A listener that is never accepted: the kernel completes the connection, no one answers.
        let (listener, port) = try LoopbackSocket.listen()
        defer { close(listener) }
        let silent = try machine.run(path + ["--server", "http://127.0.0.1:\(port)"])
        #expect(silent.status == LiveApp.ExitStatus.serverUnreachable.rawValue, "moments \(path): \(silent.errors)")
        #expect(silent.errors.contains("http://127.0.0.1:\(port)"), "moments \(path): \(silent.errors)")
        #expect(silent.errors.contains("no answer within 3 seconds"), "moments \(path): \(silent.errors)")
    }

    @Test("a data folder under a file is status 4 from every command that takes --data-dir, the reason said once, the file untouched",
        arguments: commands(taking: "--data-dir <"))
    func dataFolderUnderAFile(path: [String]) throws {
        let machine = try LiveFixture()
        let file = machine.folder.path("a-file")
        try Data("not a folder".utf8).write(to: file)
        let run = try machine.run(Self.runnable(path) + ["--data-dir", file.appendingPathComponent("moments").path])
        #expect(run.status == LiveApp.ExitStatus.environmentFailure.rawValue, "moments \(path): \(run.errors)")
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "moments \(path): \(run.errors)")
        #expect(lines.first?.hasPrefix("moments: error: \(file.path)") == true, "moments \(path): \(run.errors)")
        #expect(lines.first?.contains("cannot be reached because part of its folder path is a file") == true, "\(run.errors)")
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
    }

    @Test("no session running is status 5 from every command that acts on a session, and says how to start one",
        arguments: commands(taking: "<id>").filter { !runsUntilStopped.contains($0) })
    func noSession(path: [String]) throws {
        let machine = try LiveFixture()
        let run = try machine.run(Self.runnable(path))
        #expect(run.status == LiveApp.ExitStatus.noSession.rawValue, "moments \(path): \(run.output)\(run.errors)")
        // status prints its format's empty form, for a bar to hide; every other command says why.
        if path != ["status"] { #expect(run.errors.contains("moments start"), "moments \(path): \(run.errors)") }
    }

    /// `path` with the arguments it needs to reach its failure: `start` a duration, `extend`
    /// an amount, `keys add` and `keys revoke` a name, `widget` a kind, `settings set` a key
    /// and value, `join` a code; every other command runs as it is.
    static func runnable(_ path: [String]) -> [String] {
        switch path {
        case ["start"]: return path + ["5m"]
        case ["keys", "add"], ["keys", "revoke"]: return path + ["ana"]
        case ["widget"]: return path + ["small"]
        case ["extend"]: return path + ["5m"]
        // A code as a leader's screen shows one; no server has its sit.
        case ["join"]: return path + ["5b8d5209-9d26-4993-b98b-a70cfe78d00b.9vsh72s62gysvtynv4d53p0jrx"]
        case ["settings", "set"]: return path + ["default-duration", "10m"]
        default: return path
        }
    }
}
