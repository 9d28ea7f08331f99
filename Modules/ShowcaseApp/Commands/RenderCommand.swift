import ArgumentParser
import Fixtures
import Rendering

/// `moments-showcase render ID`: one scenario in one variant, on standard output.
struct RenderCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one scenario in one variant.",
        discussion: """
            Example: moments-showcase render LiveActivity/LockScreen/paused --scheme light --color 256
            The transcript: moments-showcase render Timer/Screen/inProgress --transcript

            --size applies to the views that follow the text size (the timer and live screens, \
            stats, the medium widget); the others have the platform's fixed size.
            """)

    @Argument(help: "The scenario's id, as `moments-showcase list` shows it.")
    var id: String

    @Option(help: "The colour scheme: light or dark.")
    var scheme: SchemeOption = .dark

    @Option(help: "The text size: small, medium, large, xl, accessibility-l or accessibility-xl.")
    var size: TextSizeOption = .medium

    @Option(help: "Columns (default: the view's natural width).")
    var width: Int?

    @Option(help: "Rows (default: the view's natural height).")
    var height: Int?

    @OptionGroup var output: OutputOptions

    @Flag(help: "Print the text a screen reader would speak (reading order, no box drawing, big digits as the time they show, bars as percentages) instead of the cells.")
    var transcript = false

    func validate() throws {
        try validateCells(width, "width")
        try validateCells(height, "height")
    }

    func run(with dependencies: ShowcaseDependencies) async throws {
        let scenario = try ScenarioLookup.scenario(id)
        guard size.textSize == .medium || scenario.kind.followsTextSize else {
            let following = ViewKind.allCases.filter(\.followsTextSize).compactMap { kind in
                Catalog.scenarios(for: kind).first.map { $0.id.split(separator: "/").dropLast().joined(separator: "/") }
            }
            throw ShowcaseFailure(
                message: "\(scenario.kind.title) has one text size (the platform gives it a fixed size), so --size "
                    + "\(Variant.name(of: size.textSize)) would draw the same frame; the text size applies to "
                    + following.joined(separator: ", ") + ".")
        }
        let format = output.format(in: dependencies)
        let variant = Variant(
            scheme: scheme.scheme, textSize: size.textSize, width: width, height: height, depth: format.colorDepth)
        let frame = scenario.frame(variant)
        dependencies.say(transcript ? TranscriptEncoder().encode(frame) : format.encode(frame))
    }
}
