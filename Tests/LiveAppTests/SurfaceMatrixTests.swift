import Domain
import Fixtures
import Foundation
import Persistence
import Rendering
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every state against every surface, as Documentation/States.md writes the matrix down
/// once: each row of its table is reached with real `moments` processes, on the embedded
/// server and on `moments serve`, and read as its users read it: `moments status` in each
/// format, the last line of a `moments bar --format waybar`, a real tmux server's option fed
/// by `moments bar --format tmux`, a real i3blocks' block fed by `moments bar --format
/// i3blocks`, dunst's notification kept by `moments notify` on a private
/// bus, `moments watch --presentation all` and the owner's screen, in pseudo-terminals.
@Suite("Every state on every surface", .takingTurns, .serialized, .timeLimit(.minutes(3)))
struct SurfaceMatrixTests {
    /// The server a row runs on.
    enum Server: String, CaseIterable, Sendable {
        case embedded, serve
    }

    /// One row of the matrix.
    struct Row: Sendable {
        let state: String
        let servers: [Server]
        let phase: String
        let glyph: String
        let label: String
        let bar: String
        let tmux: String
        let i3blocks: String
        let notification: String
        let watch: String
        let status: Int32
    }

    /// One row on one server: a case of the suite.
    struct Case: CustomTestStringConvertible, Sendable {
        let row: Row
        let server: Server
        var testDescription: String { "\(row.state) on \(server.rawValue)" }
    }

    /// The cell of a surface that is not started in a row (a `watch` would host the
    /// session it shows and so change the row's state).
    static let notStarted = "—"

    /// The rows of States.md's table, between its markers.
    static let rows: [Row] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Documentation/States.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            let begin = text.range(of: "<!-- matrix:begin -->"), let end = text.range(of: "<!-- matrix:end -->")
        else { return [] }
        return text[begin.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2).compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 12, let status = Int32(cells[11]) else { return nil }
            let servers = cells[1] == "both" ? Server.allCases : Server(rawValue: cells[1]).map { [$0] } ?? []
            return Row(
                state: cells[0], servers: servers, phase: cells[3], glyph: cells[4], label: cells[5], bar: cells[6],
                tmux: cells[7], i3blocks: cells[8], notification: cells[9], watch: cells[10], status: status)
        }
    }()

    /// Every row on each server it names.
    static let cases: [Case] = rows.flatMap { row in row.servers.map { Case(row: row, server: $0) } }

    /// The formats of `moments status`.
    static let formats = ["plain", "json", "tmux", "waybar", "i3blocks", "polybar", "i3bar"]

    static let reachable = [
        "none", "warm-up", "running", "bell ringing", "paused", "open-ended", "finished early", "cancelled", "completed",
        "host gone mid-sit", "host gone mid-sit, followed", "server unreachable", "stale", "dismissed",
    ]

    @Test("States.md's matrix has a row for every state this suite can reach, each on a server")
    func matrixIsComplete() {
        #expect(Set(Self.rows.map(\.state)) == Set(Self.reachable), "\(Self.rows.map(\.state))")
        #expect(Self.rows.allSatisfy { !$0.servers.isEmpty }, "a row's 'on' is both, embedded or serve")
        #expect(Self.cases.count >= Self.reachable.count)
    }

    @Test("every scenario States.md names for the rows that look different is in the catalog, on the status line and the lock screen")
    func scenariosAreInTheCatalog() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Documentation/States.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let sentence = try #require(text.range(of: "(`moments-showcase list`):").map { text[$0.upperBound...] }?
            .prefix { $0 != "#" })
        let names = sentence.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(names.count >= 10, "\(names)")
        for name in names {
            let ids = name.contains("/") ? [name] : ["StatusBars/Line/\(name)", "LiveActivity/LockScreen/\(name)"]
            for id in ids { #expect(Catalog.scenario(id: id) != nil, "States.md names \(id), which the catalog lacks") }
        }
    }

    @Test("each state reads as the matrix says on every surface", arguments: cases)
    func cell(_ matrixCase: Case) async throws {
        let row = matrixCase.row
        let machine = try LiveFixture()
        let desktop = try await DesktopSession.start()
        defer { desktop.stop() }
        let monitor = try await NotifyMonitor(environment: desktop.environment)

        // A state left behind hours ago is written before any server opens the folder.
        let serverFolder = machine.folder.path("server")
        let stateFolder = matrixCase.server == .serve ? serverFolder : machine.data
        let left = ["stale", "dismissed"].contains(row.state) ? try await Self.leave(row.state, in: stateFolder) : nil
        let server = try matrixCase.server == .serve ? ServerProcess(dataDirectory: serverFolder) : nil
        defer {
            server?.signal(SIGKILL)
            _ = server?.waitForExit()
        }
        let via = server.map { ["--server", $0.baseURL] } ?? []
        // On a server at a URL a person's commands find the session their `start` remembered.
        if let left, let server {
            let remembered = try RemoteSessionStore.open(locations: StoreLocations(singleDirectory: machine.data))
            defer { remembered.close() }
            try remembered.remember(RemoteSession(server: server.baseURL, activityID: left.id, token: left.token))
        }

        let bar = try machine.moments(["bar", "--format", "waybar"] + via)
        // Its first line: the state found, and for the rows that start one, none yet.
        #expect(bar.waitForOutput(#""class":""#), "\(bar.errors)")
        let tmux = try TmuxServer(on: machine, bar: ["bar", "--format", "tmux"] + via)
        defer { tmux.stop() }
        let blocks = try Self.i3blocks(on: machine, bar: ["bar", "--format", "i3blocks"] + via)
        defer {
            // i3blocks ignores SIGTERM; its bar ends with it.
            blocks.signal(SIGKILL)
            _ = blocks.waitForExit()
        }

        var followers: [PseudoTerminal] = []
        /// Opens the followers the row names; where there is a session to follow, waits
        /// until they have it (the watch shows its name, the notification is up).
        func follow(hasSession: Bool) async throws {
            if row.watch != Self.notStarted {
                let watch = try machine.moments(["watch", "--presentation", "all"] + via, size: Size(width: 120, height: 40))
                followers.append(watch)
                if hasSession { #expect(watch.waitForText("Matrix"), "\(row.state): watch\n\(watch.screen.text)\n\(watch.errors)") }
            }
            if row.notification != Self.notStarted {
                let notify = try machine.moments(["notify"] + via, extra: desktop.environment)
                followers.append(notify)
                if hasSession {
                    let up = (try? await eventually(within: .seconds(20)) { monitor.shown.last?.summary == "Matrix" }) != nil
                    #expect(up, "\(row.state): notify\n\(notify.errors)")
                }
            }
        }
        let owner = try await Self.reach(row.state, on: machine, via: via, server: server) {
            try await follow(hasSession: true)
        }
        if followers.isEmpty { try await follow(hasSession: row.status == 0) }
        let (watch, notify) = (
            row.watch == Self.notStarted ? nil : followers.first,
            row.notification == Self.notStarted ? nil : followers.last
        )
        defer {
            for process in followers + [bar] + (owner.map { [$0] } ?? []) where process.waitForExit(timeout: .zero) == nil {
                process.signal(SIGTERM)
                _ = process.waitForExit()
            }
        }
        let context = "\(row.state) on \(matrixCase.server.rawValue)"

        // The owner's timer screen, while it runs.
        if let owner, !row.label.isEmpty, owner.waitForExit(timeout: .zero) == nil {
            #expect(owner.waitForText(row.label), "\(context): the timer screen\n\(owner.screen.text)")
        }

        // `moments status` in every format.
        for format in Self.formats {
            var last = (status: Int32(-1), line: "", errors: "")
            // A bell flashes 3 seconds of every 10: a format read between two is read again.
            let held = machine.eventually(timeout: .seconds(row.state == "bell ringing" ? 30 : 20)) {
                guard let run = try? machine.run(["status", "--format", format] + via) else { return false }
                last = (run.status, run.output.trimmingCharacters(in: .newlines), run.errors)
                return last.status == row.status && Self.status(last.line, in: format, shows: row, errors: last.errors, server: server)
            }
            #expect(held, "\(context), status --format \(format): exit \(last.status)\n\(last.line)\n\(last.errors)")
        }

        // The waybar module has settled on the state: its last line says it, whatever came
        // before (its output is read while waiting for it).
        let settled = bar.waitForScreen { _ in Self.lastClass(of: bar) == row.bar }
        let tail = String(decoding: bar.output, as: UTF8.self).suffix(600).debugDescription
        #expect(settled, "\(context): the bar's last class is \(Self.lastClass(of: bar) ?? "none")\n\(tail)\n\(bar.errors)")

        // tmux's option, as its status line draws it.
        var option = ""
        let drawn = machine.eventually(timeout: .seconds(30)) {
            option = (try? tmux.option("@moments")) ?? ""
            return row.tmux.isEmpty ? !option.contains("Matrix") : option.contains(row.tmux)
        }
        #expect(drawn, "\(context): tmux's @moments is \(option.debugDescription)\n\(tmux.errors)")

        // i3blocks' block, as i3bar would draw it.
        let blocked = blocks.waitForScreen(timeout: .seconds(30)) { _ in
            let text = Self.lastBlock(of: blocks)
            return row.i3blocks.isEmpty ? text.map { !$0.contains("Matrix") } ?? false : text?.contains(row.i3blocks) == true
        }
        let sent = String(decoding: blocks.output, as: UTF8.self).suffix(400).debugDescription
        #expect(blocked, "\(context): i3blocks' block reads \(Self.lastBlock(of: blocks)?.debugDescription ?? "nothing")\n\(sent)\n\(blocks.errors)")

        // dunst's notification, or notify's exit.
        if let notify {
            if let code = Self.exitCode(row.notification) {
                #expect(notify.waitForExit().map(PseudoTerminal.exitCode) == code, "\(context): notify\n\(notify.errors)")
            } else {
                let shown = (try? await eventually(within: .seconds(20)) { monitor.shown.last?.body.hasPrefix(row.notification) == true }) != nil
                #expect(shown, "\(context): the notification is \(monitor.shown.last?.description ?? "none")\n\(notify.errors)")
                // Shown and kept: an ended session waits for its dismissal, whoever hosted it.
                #expect(notify.waitForExit(timeout: .zero) == nil, "\(context): notify left\n\(notify.errors)")
            }
        }

        // `moments watch`, or its exit.
        if let watch {
            if let code = Self.exitCode(row.watch) {
                #expect(watch.waitForExit().map(PseudoTerminal.exitCode) == code, "\(context): watch\n\(watch.errors)")
            } else {
                #expect(watch.waitForText(row.watch, timeout: .seconds(20)), "\(context): watch\n\(watch.screen.text)\n\(watch.errors)")
                #expect(watch.waitForExit(timeout: .zero) == nil, "\(context): watch left\n\(watch.screen.text)\n\(watch.errors)")
            }
        }
    }

    /// Whether a cell says a process exits, and with what (`exits 5`).
    static func exitCode(_ cell: String) -> Int32? {
        cell.hasPrefix("exits ") ? Int32(cell.dropFirst(6)) : nil
    }

    /// Whether `line`, printed by `status --format format`, shows `row`; where status exits
    /// with neither 0 nor 5 it prints nothing and names the server in `errors`.
    static func status(_ line: String, in format: String, shows row: Row, errors: String, server: ServerProcess?) -> Bool {
        guard [0, 5].contains(row.status) else {
            return line.isEmpty && server.map { errors.contains("127.0.0.1:\($0.port)") } != false
        }
        func object() -> [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        switch format {
        case "json":
            return object()?["phase"] as? String == row.phase
        case "waybar":
            guard let object = object(), object["class"] as? String == row.phase else { return false }
            let tooltip = object["tooltip"] as? String ?? ""
            return row.label.isEmpty ? tooltip.isEmpty : tooltip.contains(row.label)
        case "i3bar":
            return begins(object()?["full_text"] as? String ?? "", with: row.glyph)
        case "tmux", "polybar":
            return row.glyph.isEmpty ? line.isEmpty : line.contains(row.glyph)
        default:
            return begins(line, with: row.glyph)
        }
    }

    /// Whether `line` begins with `glyph`, past a bell's mark (the bell's own glyph: it
    /// begins with the mark); an empty glyph: the empty form.
    static func begins(_ line: String, with glyph: String) -> Bool {
        guard !glyph.isEmpty else { return line.isEmpty }
        let unmarked = line.hasPrefix("🔔 ") && glyph != "🔔" ? String(line.dropFirst(2)) : line
        return unmarked.hasPrefix(glyph)
    }

    /// The `class` of the last line the bar printed.
    static func lastClass(of bar: PseudoTerminal) -> String? {
        let lines = String(decoding: bar.output, as: UTF8.self).split(separator: "\r\n").filter { $0.hasPrefix("{") }
        guard let last = lines.last,
            let object = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        else { return nil }
        return object["class"] as? String
    }

    /// Brings `machine` to `state` as a person would, through `via` (a `--server`, or
    /// nothing for the embedded one); answers the owner's terminal, if any. Where the state
    /// is reached from a running session, `beforeTheLastStep` runs once it runs (the
    /// followers start then, as a person's are open before they pause or finish).
    static func reach(
        _ state: String, on machine: LiveFixture, via: [String], server: ServerProcess?,
        beforeTheLastStep: () async throws -> Void
    ) async throws -> PseudoTerminal? {
        func started(_ arguments: [String], showing text: String = "Running") async throws -> PseudoTerminal {
            let owner = try machine.moments(["start"] + arguments + ["--name", "Matrix"] + via)
            #expect(owner.waitForText(text), "\(state): \(owner.screen.text)\n\(owner.errors)")
            try await beforeTheLastStep()
            return owner
        }
        switch state {
        case "none", "stale", "dismissed":
            return nil
        case "warm-up":
            return try await started(["3m", "--warm-up", "2m"], showing: "Warm-up")
        case "running":
            return try await started(["5m"])
        case "bell ringing":
            let owner = try await started(["5m", "--bells", "10s"])
            #expect(owner.waitForText("🔔"), "\(state): \(owner.screen.text)")
            return owner
        case "paused":
            let owner = try await started(["5m"])
            #expect(try machine.run(["pause"] + via).status == 0)
            #expect(owner.waitForText("Paused"))
            return owner
        case "open-ended":
            return try await started(["--open"])
        case "finished early", "cancelled":
            let owner = try await started(["5m"])
            #expect(try machine.run([state == "cancelled" ? "cancel" : "finish"] + via).status == 2)
            #expect(owner.waitForExit() != nil)
            return owner
        case "completed":
            return try await started(["5s"])
        case "host gone mid-sit", "host gone mid-sit, followed":
            let owner = try await started(["5m"])
            owner.signal(SIGKILL)
            #expect(owner.waitForExit() != nil)
            return owner
        case "server unreachable":
            let owner = try await started(["5m"])
            server?.signal(SIGKILL)
            _ = server?.waitForExit()
            return owner
        default:
            Issue.record("no way to reach '\(state)': add it to SurfaceMatrixTests.reach")
            return nil
        }
    }

    /// Leaves in `folder` the state a sit left long ago, written by the server's own code on
    /// a clock set back: `stale`, a 5-minute sit paused 31 minutes ago and left; `dismissed`,
    /// a 1-minute sit completed over 4 hours ago. The server that next opens the folder
    /// catches up its clock rules, as it does after a night with no server running.
    /// Answers the session's handle, for the person's files to remember.
    static func leave(_ state: String, in folder: URL) async throws -> SessionHandle {
        let now = Date()
        let back = state == "stale" ? SessionLimits.pausedStaleAfter + 60 : SessionLimits.maximumDismissalDelay + 120
        let clock = PreviewClock(now: now.addingTimeInterval(-back))
        let storage = try JSONSyncStorage(locations: StoreLocations(singleDirectory: folder))
        defer { storage.close() }
        let server = SyncServer(storage: storage, clock: clock)
        let made = try await server.create(
            SessionAttributesMother.makeAttributes(name: "Matrix", plannedSeconds: state == "stale" ? 300 : 60))
        if state == "stale" {
            _ = try await server.send(
                try IntentRequest(clientID: "matrix", intentID: "1", intent: .pause), to: made.id, token: made.token)
        } else {
            clock.advance(by: 61)
            await server.tick()
        }
        await server.shutdown()
        return SessionHandle(id: made.id, token: made.token)
    }
}
