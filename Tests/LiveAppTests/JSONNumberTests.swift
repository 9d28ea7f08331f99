import Domain
import Fixtures
import Foundation
import TestSupport
import Testing

/// Numbers a script can trust: every `--json` command of both products, run as a process
/// on a realistic history, writes each duration as an exact number of milliseconds in
/// seconds (`9.427`), never binary noise (`9.427000045776367`). The numbers are checked as
/// they are written, literal by literal, since reading them into `Double`s would hide the
/// noise. Which commands take `--json` is read from the products' own help, so a new one
/// cannot be forgotten here.
@Suite("JSON numbers, to the millisecond, in every --json command", .blocking)
struct JSONNumberTests {
    /// What each product's `--json` commands are run with here.
    static let runs: [String: [[String]]] = [
        "moments": [["history", "--json"], ["history", "--since", "7d", "--json"], ["stats", "--json"], ["settings", "show", "--json"]],
        "moments-showcase": [["list", "--json"]],
    ]

    @Test("every --json command of both products writes its numbers with at most three decimals")
    func everyJSONCommand() throws {
        let folder = try CommandFolder()
        let lived = try Self.sessionsSatLive()
        try folder.writeHistory(ReportCommandTests.year() + lived)
        // The history file as the store wrote it, before an older line joins it.
        let file = try String(contentsOf: folder.url.appendingPathComponent("history.jsonl"), encoding: .utf8)
        for literal in JSONNumbers.literals(in: file) where !literal.isToTheMillisecond {
            Issue.record("history.jsonl holds \(literal)")
        }
        try Self.appendOlderLine(to: folder.url)
        // A default typed in minutes with more decimals than a millisecond holds.
        let set = try folder.run(["settings", "set", "default-duration", "1.23456789"])
        #expect(set.status == 0, "\(set.errors)")

        for (product, commands) in Self.runs {
            let covered = Set(commands.map { Array($0.prefix { !$0.hasPrefix("-") }) })
            #expect(try Self.commandsTakingJSON(product) == covered, "\(product): a --json command is not run here")
        }

        var seen: [JSONNumbers.Literal] = []
        for (product, commands) in Self.runs.sorted(by: { $0.key < $1.key }) {
            for arguments in commands {
                let run = try BuiltProduct.run(product, arguments, environment: folder.environment)
                #expect(run.status == 0, "\(product) \(arguments): \(run.errors)")
                let literals = JSONNumbers.literals(in: run.output)
                #expect(!literals.isEmpty, "\(product) \(arguments) printed no number")
                for literal in literals where !literal.isToTheMillisecond {
                    Issue.record("\(product) \(arguments.joined(separator: " ")) wrote \(literal)")
                }
                seen += literals
            }
        }

        // Not vacuous: every duration key was met, some with a fraction of a second.
        let keys = Set(seen.map(\.key))
        for key in ["actual_seconds", "planned_seconds", "total_seconds", "today_seconds", "seconds", "default_duration_seconds"] {
            #expect(keys.contains(key), "no \(key) in any output")
        }
        let fractions = seen.filter { $0.key.hasSuffix("seconds") && $0.text.contains(".") }.map(\.text)
        #expect(fractions.contains("9.427"), "the session sat 9.427 s is not written as such: \(fractions)")
        #expect(fractions.contains("74.074"), "1.23456789 minutes is not written as 74.074 s: \(fractions)")
        #expect(fractions.contains("3.3"), "the older line's 3.299999999999 s is not written as 3.3: \(fractions)")
    }

    // MARK: - a realistic history

    /// Sessions driven through the real rules at instants with milliseconds, as a server's
    /// clock gives them, ending yesterday: a short one finished after 9.427 s, a paused and
    /// resumed one finished early, a cancelled one, and one completed by the clock.
    static func sessionsSatLive() throws -> [SessionRecord] {
        let yesterday = LocalTimeZone.utc.startOfDay(for: Date()).addingTimeInterval(-86_400 + 12 * 3_600 + 0.217)
        func sit(_ name: String, planned: Double?, at start: Date, _ steps: [(after: Double, intent: Intent)]) throws -> SessionRecord {
            let attributes = try SessionAttributes(name: SessionName(name), plannedSeconds: planned)
            var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)
            var now = start
            for step in steps {
                now = now.addingTimeInterval(step.after)
                activity = try Transition.apply(step.intent, to: activity, at: now)
            }
            activity = Transition.advance(activity, to: now.addingTimeInterval(3_600))
            return try #require(SessionRecord(ended: activity))
        }
        return [
            try sit("Quick breath", planned: 600, at: yesterday, [(9.427, .finish)]),
            try sit(
                "Lunch break", planned: 900, at: yesterday.addingTimeInterval(1_800.013),
                [(3.141, .pause), (61.5, .resume), (123.457, .adjustTarget(bySeconds: 0.0004)), (301.289, .finish)]),
            try sit("Interrupted", planned: 300, at: yesterday.addingTimeInterval(3_600.999), [(47.003, .cancel)]),
            try sit(
                "Timed", planned: 90.5, at: yesterday.addingTimeInterval(7_200.333),
                [(12.345, .pause), (1.111, .resume), (1.001, .adjustTarget(bySeconds: 0.1))]),
        ]
    }

    /// A record as an earlier version wrote it, its durations straight from `Date`
    /// arithmetic: it must still load, and come out exact.
    static func appendOlderLine(to folder: URL) throws {
        let start = LocalTimeZone.utc.startOfDay(for: Date()).addingTimeInterval(-2 * 86_400 + 6 * 3_600)
        let line = #"{"actual_seconds":3.299999999999,"ended_at":"\#(Instant.format(start.addingTimeInterval(3.3)))","#
            + #""id":"0B5E1A2C-0000-4000-8000-000000000001","name":"Older line","outcome":"finished_early","#
            + #""planned_seconds":66.66600000000001,"started_at":"\#(Instant.format(start))"}"# + "\n"
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("history.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
    }

    // MARK: - which commands take --json

    /// The paths of the commands of `product` that take a `--json` flag, from ArgumentParser's
    /// own description of the tool (`--experimental-dump-help`).
    static func commandsTakingJSON(_ product: String) throws -> Set<[String]> {
        let run = try BuiltProduct.run(product, ["--experimental-dump-help"])
        #expect(run.status == 0)
        let tool = try JSONDecoder().decode(ToolInfo.self, from: Data(run.output.utf8))
        var found: Set<[String]> = []
        func visit(_ command: ToolInfo.Command, path: [String]) {
            let takesJSON = (command.arguments ?? []).contains { $0.names?.contains { $0.kind == "long" && $0.name == "json" } ?? false }
            if takesJSON { found.insert(path) }
            for sub in command.subcommands ?? [] { visit(sub, path: path + [sub.commandName]) }
        }
        visit(tool.command, path: [])
        return found
    }

    /// The part of ArgumentParser's tool description read here.
    struct ToolInfo: Decodable {
        struct Command: Decodable {
            struct Argument: Decodable {
                struct Name: Decodable {
                    let kind: String
                    let name: String
                }

                let names: [Name]?
            }

            let commandName: String
            let arguments: [Argument]?
            let subcommands: [Command]?
        }

        let command: Command
    }
}
