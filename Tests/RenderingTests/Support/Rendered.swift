import Domain
import Fixtures
import Foundation
import Rendering

/// Test helpers: a fixed environment and views rendered to plain lines.
enum Rendered {
    /// The deterministic environment of every test and snapshot: the fixtures' morning,
    /// UTC, dark, medium text, true colour.
    static func environment(
        scheme: ColorScheme = .dark, textSize: TextSize = .medium, depth: ColorDepth = .trueColor,
        secondsAfterMorning: Double = 0
    ) -> ViewEnvironment {
        ViewEnvironment(
            now: InstantMother.makeInstant(secondsAfterMorning: secondsAfterMorning),
            colorScheme: scheme, textSize: textSize, colorDepth: depth, timeZone: .utc)
    }

    /// The view's rows as plain text, trailing spaces kept so widths can be checked.
    static func lines(_ view: some View, width: Int, height: Int, environment: ViewEnvironment = environment()) -> [String] {
        let frame = Frame(rendering: view, width: width, height: height, environment: environment)
        return PlainEncoder(trimsTrailingSpaces: false).encode(frame).components(separatedBy: "\n")
    }

    /// The view as plain text with trailing spaces trimmed: what snapshots hold.
    static func text(_ view: some View, width: Int, height: Int, environment: ViewEnvironment = environment()) -> String {
        PlainEncoder().encode(Frame(rendering: view, width: width, height: height, environment: environment))
    }

    /// The size the view answers for an offer.
    static func size(_ view: some View, width: Int, height: Int, environment: ViewEnvironment = environment()) -> Size {
        view.size(for: Size(width: width, height: height), in: environment)
    }
}
