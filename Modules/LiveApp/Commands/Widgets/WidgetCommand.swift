import ArgumentParser
import Domain
import Rendering

/// `moments widget small|medium`: a home-screen widget, printed once at its own size,
/// from the history and the settings.
struct WidgetCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "Print a home-screen widget: today's minutes, the streak and presets.",
        discussion: """
            small: sit again as in your last session (or, before there is one, the default \
            length from the settings). medium: today's minutes, the current streak and your \
            most sat sessions as presets 1 to 4.

            \(ExitStatus.summary)
            """)

    /// The widget families of the platform.
    enum Family: String, ExpressibleByArgument, CaseIterable {
        case small, medium
    }

    @Argument(help: "The widget: small or medium.")
    var family: Family

    @OptionGroup var data: DataDirectoryOption

    func run(with dependencies: LiveDependencies) throws {
        let output = CommandOutput.standard(dependencies)
        let files = data.files(dependencies)
        let records = try files.readHistoryOrFail { $0.records }
        let settings = try files.settingsOrFail()
        switch family {
        case .small:
            output.print(
                SmallWidget(content: WidgetPresets.smallContent(records: records, settings: settings)),
                maxHeight: PresentationBudget.widgetSmall.height)
        case .medium:
            let stats = SessionStats(
                records: records, timeZone: output.environment.timeZone, now: output.environment.now, days: 1)
            output.print(
                MediumWidget(
                    todayMinutes: stats.minutesPerDay.last?.minutes ?? 0, streakDays: stats.currentStreak,
                    presets: WidgetPresets.presets(records: records, settings: settings)),
                maxHeight: PresentationBudget.widgetMedium.height)
        }
    }
}
