import ArgumentParser
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// `moments history`: past sessions, newest first, as the history screen lists them, or
/// as JSON for a script.
struct HistoryCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past sessions, newest first.",
        discussion: """
            Every finished or cancelled session with its day, time, name, time sat and how it \
            ended (✓ completed, ◐ finished early, ✗ cancelled, ◷ ended after 8 hours). \
            --json prints the same sessions as JSON (see Documentation/Commands.md).

            \(ExitStatus.summary)
            """)

    @Option(
        help: ArgumentHelp("Only sessions started from this day on: \(HistorySince.forms).", valueName: "date"),
        transform: { text in try HistorySince(parsing: text) })
    var since: HistorySince?

    @Flag(help: "Print the sessions as JSON instead of a list.")
    var json = false

    @OptionGroup var data: DataDirectoryOption

    func run(with dependencies: LiveDependencies) throws {
        let output = CommandOutput.standard(dependencies)
        let start = since?.start(in: output.environment.timeZone, now: output.environment.now)
        let records = try data.files(dependencies).readHistoryOrFail { store in
            start.map { store.records(startedIn: $0..<Date.distantFuture) } ?? store.records
        }
        let newestFirst = Array(records.reversed())
        if json {
            HistoryDocument(since: start, sessions: newestFirst).writeJSON(to: output.console.output)
            return
        }
        let empty: HistoryList.EmptyState =
            start == nil
            ? HistoryList.EmptyState(title: "No sessions yet", hint: "Sit for the first time: moments start 10m")
            : HistoryList.EmptyState(title: "No sessions in this period", hint: "Try an earlier --since, or leave it out.")
        // Every session gets its row (the border takes two); the empty state, a few rows.
        output.print(
            HistoryList(records: newestFirst, empty: empty),
            maxHeight: newestFirst.isEmpty ? 6 : newestFirst.count + 2)
    }
}
