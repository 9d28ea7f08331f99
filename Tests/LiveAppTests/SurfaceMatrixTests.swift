import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every state against every surface, as Documentation/States.md writes the matrix down
/// once: each row of its table is reached with real `moments` processes on the embedded
/// server, beside a `moments bar --format waybar` started before, and read as its users
/// read it: `moments status` in each format, the bar's last line, the owner's screen.
@Suite("Every state on every surface", .takingTurns, .timeLimit(.minutes(4)))
struct SurfaceMatrixTests {
    /// One row of the matrix.
    struct Row: CustomTestStringConvertible, Sendable {
        let state: String
        let phase: String
        let glyph: String
        let label: String
        let bar: String
        let status: Int32

        var testDescription: String { state }
    }

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
            guard cells.count == 7, let status = Int32(cells[6]) else { return nil }
            return Row(state: cells[0], phase: cells[2], glyph: cells[3], label: cells[4], bar: cells[5], status: status)
        }
    }()

    /// The formats of `moments status`.
    static let formats = ["plain", "json", "tmux", "waybar", "i3blocks", "polybar", "i3bar"]

    @Test("States.md's matrix has a row for every state this suite can reach")
    func matrixIsComplete() {
        #expect(Set(Self.rows.map(\.state)) == Set(Self.reachable), "\(Self.rows.map(\.state))")
    }

    static let reachable = [
        "none", "warm-up", "running", "paused", "open-ended", "finished early", "cancelled", "completed", "host gone mid-sit",
    ]

    @Test("each state reads as the matrix says on every surface", arguments: rows)
    func row(_ row: Row) throws {
        let machine = try LiveFixture()
        let bar = try machine.moments(["bar", "--format", "waybar"])
        #expect(bar.waitForOutput(#""class":"none""#), "\(bar.errors)")
        let owner = try Self.reach(row.state, on: machine)
        defer {
            for process in [owner, bar].compactMap({ $0 }) where process.waitForExit(timeout: .zero) == nil {
                process.signal(SIGTERM)
                _ = process.waitForExit()
            }
        }
        if let owner, row.status == 0, !row.label.isEmpty, owner.waitForExit(timeout: .zero) == nil {
            #expect(owner.waitForText(row.label), "\(row.state): the timer screen\n\(owner.screen.text)")
        }

        for format in Self.formats {
            let run = try machine.run(["status", "--format", format])
            #expect(run.status == row.status, "\(row.state), \(format): exit \(run.status)\n\(run.errors)")
            let line = run.output.trimmingCharacters(in: .newlines)
            switch format {
            case "json":
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["phase"] as? String == row.phase, "\(row.state): \(line)")
            case "waybar":
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(object["class"] as? String == row.phase, "\(row.state): \(line)")
                let tooltip = object["tooltip"] as? String ?? ""
                #expect(row.label.isEmpty ? tooltip.isEmpty : tooltip.contains(row.label), "\(row.state): \(line)")
            case "i3bar":
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(Self.begins(object["full_text"] as? String ?? "", with: row.glyph), "\(row.state): \(line)")
            case "tmux", "polybar":
                #expect(row.glyph.isEmpty ? line.isEmpty : line.contains(row.glyph), "\(row.state), \(format): \(line)")
            default:
                #expect(Self.begins(line, with: row.glyph), "\(row.state), \(format): \(line)")
            }
        }

        // The bar has settled on the state: its last line says it, whatever came before (its
        // output is read while waiting for it).
        let settled = bar.waitForScreen { _ in Self.lastClass(of: bar) == row.bar }
        let tail = String(decoding: bar.output, as: UTF8.self).suffix(600).debugDescription
        #expect(settled, "\(row.state): the bar's last class is \(Self.lastClass(of: bar) ?? "none")\n\(tail)\n\(bar.errors)")
    }

    /// Whether `line` begins with `glyph`, past a bell's mark; an empty glyph: the empty form.
    static func begins(_ line: String, with glyph: String) -> Bool {
        guard !glyph.isEmpty else { return line.isEmpty }
        let unmarked = line.hasPrefix("🔔 ") ? String(line.dropFirst(2)) : line
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

    /// Brings `machine` to `state` as a person would; answers the owner's terminal, if any.
    static func reach(_ state: String, on machine: LiveFixture) throws -> PseudoTerminal? {
        func started(_ arguments: [String], showing text: String = "Running") throws -> PseudoTerminal {
            let owner = try machine.moments(["start"] + arguments + ["--name", "Matrix"])
            #expect(owner.waitForText(text), "\(state): \(owner.screen.text)\n\(owner.errors)")
            return owner
        }
        switch state {
        case "none":
            return nil
        case "warm-up":
            return try started(["3m", "--warm-up", "30s"], showing: "Warm-up")
        case "running":
            return try started(["5m"])
        case "paused":
            let owner = try started(["5m"])
            #expect(try machine.run(["pause"]).status == 0)
            #expect(owner.waitForText("Paused"))
            return owner
        case "open-ended":
            return try started(["--open"])
        case "finished early", "cancelled":
            let owner = try started(["5m"])
            #expect(try machine.run([state == "cancelled" ? "cancel" : "finish"]).status == 2)
            #expect(owner.waitForExit() != nil)
            return owner
        case "completed":
            let owner = try machine.moments(["start", "2s", "--name", "Matrix"])
            #expect(owner.waitForExit().map(PseudoTerminal.exitCode) == 0, "\(owner.errors)")
            return owner
        case "host gone mid-sit":
            let owner = try started(["5m"])
            owner.signal(SIGKILL)
            #expect(owner.waitForExit() != nil)
            return owner
        default:
            Issue.record("no way to reach '\(state)': add it to SurfaceMatrixTests.reach")
            return nil
        }
    }
}
