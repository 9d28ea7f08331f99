import ArgumentParser
import LiveApp
import Fixtures
import Rendering

/// `moments-showcase variants ID`: the scenario in every variant, side by side.
struct VariantsCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "Draw one scenario in every variant, side by side, like the variants mode of Xcode's canvas.",
        discussion: """
            Both colour schemes × the densest, default and largest text sizes × the natural \
            width and two thirds of it, at the colour depth of --color (or of the terminal).
            """)

    @Argument(help: "The scenario's id, as `moments-showcase list` shows it.")
    var id: String

    @Option(help: "How many columns the grid may use (default: the terminal's width; into a pipe, $COLUMNS, or 160).")
    var columns: Int?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try validateCells(columns, "columns")
    }

    func run(with dependencies: ShowcaseDependencies) async throws {
        let scenario = try ScenarioLookup.scenario(id)
        let format = output.format(in: dependencies)
        let width = columns ?? Self.width(in: dependencies)
        dependencies.say("\(scenario.id): \(scenario.title)")
        for scheme in ColorScheme.allCases.reversed() {
            let variants = Variant.all(for: scenario).filter { $0.scheme == scheme && $0.depth == .trueColor }
            let tiles = variants.map { variant -> VariantGrid.Tile in
                var shown = variant
                shown.depth = format.colorDepth
                return VariantGrid.Tile(label: Self.label(shown, scenario), frame: scenario.frame(shown))
            }
            dependencies.say("")
            dependencies.say("── \(scheme.rawValue) ──")
            for line in VariantGrid(tiles: tiles, format: format, columns: width).lines() { dependencies.say(line) }
        }
    }

    /// The columns the grid fills when `--columns` is not given: the width every command
    /// draws at (``CommandOutput/width(isTTY:terminalColumns:environment:fallback:)``), with
    /// ``fallbackWidth`` when nothing says one.
    static func width(in dependencies: ShowcaseDependencies) -> Int {
        CommandOutput.width(
            isTTY: dependencies.outputIsTerminal, terminalColumns: dependencies.terminalColumns,
            environment: dependencies.environment, fallback: fallbackWidth)
    }

    /// The width of a grid into a pipe with no `COLUMNS`: wider than a command's 80, so
    /// a file or a pager still shows three tiles of a Live Activity side by side, as the
    /// help has always promised.
    static let fallbackWidth = 160

    /// `medium · 50×8`: what differs between tiles of one scheme.
    static func label(_ variant: Variant, _ scenario: Scenario) -> String {
        let size = variant.size(for: scenario)
        return "\(Variant.name(of: variant.textSize)) · \(size.width)×\(size.height)"
    }
}
