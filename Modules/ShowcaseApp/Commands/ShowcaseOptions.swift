import ArgumentParser
import Fixtures
import Rendering

/// `--scheme light|dark`.
enum SchemeOption: String, CaseIterable, ExpressibleByArgument {
    case light, dark

    var scheme: ColorScheme { self == .light ? .light : .dark }
}

/// `--size small|medium|large|xl|accessibility-l|accessibility-xl`: the text size.
enum TextSizeOption: String, CaseIterable, ExpressibleByArgument {
    case small, medium, large, xl
    case accessibilityL = "accessibility-l"
    case accessibilityXL = "accessibility-xl"

    var textSize: TextSize {
        switch self {
        case .small: return .small
        case .medium: return .medium
        case .large: return .large
        case .xl: return .extraLarge
        case .accessibilityL: return .accessibilityLarge
        case .accessibilityXL: return .accessibilityExtraLarge
        }
    }
}

/// `--color none|16|256|truecolor`: `none` is plain text with no escape at all.
enum ColorOption: String, CaseIterable, ExpressibleByArgument {
    case none
    case ansi16 = "16"
    case ansi256 = "256"
    case truecolor

    var format: OutputFormat {
        switch self {
        case .none: return .plain
        case .ansi16: return .ansi(.ansi16)
        case .ansi256: return .ansi(.ansi256)
        case .truecolor: return .ansi(.trueColor)
        }
    }
}

/// The colour options every drawing command shares.
struct OutputOptions: ParsableArguments {
    @Option(help: "Colours: none (plain text), 16, 256 or truecolor. Default: what the terminal supports.")
    var color: ColorOption?

    /// The format asked for, or the one the environment supports (``Rendering/OutputFormat/detect(environment:isTTY:)``).
    func format(in dependencies: ShowcaseDependencies) -> OutputFormat {
        color?.format ?? OutputFormat.detect(environment: dependencies.environment, isTTY: dependencies.outputIsTerminal)
    }
}

/// Finds scenarios by id, and says what to do when there is none.
enum ScenarioLookup {
    /// The scenario `id`, or a failure naming the nearest ids.
    static func scenario(_ id: String) throws -> Scenario {
        if let scenario = Catalog.scenario(id: id) { return scenario }
        let nearest = Catalog.nearest(to: id)
        guard nearest.isEmpty else {
            throw ShowcaseFailure(
                message: "there is no scenario '\(id)'. Did you mean \(nearest.joined(separator: ", "))? "
                    + "`moments-showcase list` shows every id.")
        }
        throw ShowcaseFailure(
            message: "there is no scenario '\(id)'. Ids begin with \(Catalog.groups.joined(separator: ", ")); "
                + "`moments-showcase list` shows every id.")
    }
}

/// Checks a size option: 1 to 1000 cells.
func validateCells(_ value: Int?, _ name: String) throws {
    guard let value else { return }
    guard (1...1_000).contains(value) else {
        throw ValidationError("--\(name) must be from 1 to 1000 cells, not \(value).")
    }
}
