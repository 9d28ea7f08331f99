import ArgumentParser
import Domain
import Rendering

/// `moments stats`: streaks, totals, the last week as bars and the last twelve weeks as
/// a heat map, as the stats screen shows them, or as JSON for a script.
struct StatsCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show streaks, totals, the last 7 days and a 12-week heat map.",
        discussion: """
            Only completed and finished-early sessions count; a session counts on the day it \
            started, in your time zone. The current streak runs to today, or to yesterday \
            while today has no session yet. --json prints the figures and the minutes of each \
            of the 84 days (see Documentation/Commands.md).

            \(ExitStatus.summary)
            """)

    @Flag(help: "Print the figures and the minutes per day as JSON.")
    var json = false

    @OptionGroup var data: DataDirectoryOption

    /// The most rows the stats screen is offered: it takes fewer, its natural height.
    static let maxHeight = 40

    func run(with dependencies: LiveDependencies) throws {
        let output = CommandOutput.standard(dependencies)
        let timeZone = output.environment.timeZone
        let now = output.environment.now
        let stats = try data.files(dependencies).readHistoryOrFail { store in
            store.stats(timeZone: timeZone, now: now, days: StatsView.heatMapDays)
        }
        if json {
            try output.printJSON(StatsDocument(stats: stats, now: now, timeZone: timeZone))
        } else {
            output.print(StatsView(stats: stats), maxHeight: Self.maxHeight)
        }
    }
}
