#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// One way of showing a scenario: colour scheme × text size × width × colour depth, like
/// the variants mode of Xcode's canvas. Width and height default to the scenario's
/// natural size.
public struct Variant: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark.
    public var scheme: ColorScheme
    /// The text size category.
    public var textSize: TextSize
    /// Columns, or `nil` for the scenario's natural width.
    public var width: Int?
    /// Rows, or `nil` for the scenario's natural height.
    public var height: Int?
    /// The colour depth the view is told it has (encoders follow it too).
    public var depth: ColorDepth

    /// A variant; by default the scenario as it is meant to be seen: dark, medium text,
    /// natural size, true colour.
    public init(
        scheme: ColorScheme = .dark, textSize: TextSize = .medium, width: Int? = nil, height: Int? = nil,
        depth: ColorDepth = .trueColor
    ) {
        self.scheme = scheme
        self.textSize = textSize
        self.width = width
        self.height = height
        self.depth = depth
    }

    /// The environment at `now`, in the environment's defaults of UTC and `en_US_POSIX`,
    /// so every machine draws the same.
    public func environment(now: Date) -> ViewEnvironment {
        ViewEnvironment(now: now, colorScheme: scheme, textSize: textSize, colorDepth: depth)
    }

    /// The cells `scenario` is drawn in.
    public func size(for scenario: Scenario) -> Size {
        Size(width: width ?? scenario.naturalSize.width, height: height ?? scenario.naturalSize.height)
    }

    /// `dark · medium · 50×8 · truecolor` for a scenario, or with `natural` for the size.
    public func label(for scenario: Scenario) -> String {
        let size = self.size(for: scenario)
        return "\(scheme.rawValue) · \(Self.name(of: textSize)) · \(size.width)×\(size.height) · \(Self.name(of: depth))"
    }

    /// A name safe in a file name: `dark-medium-50x8-truecolor`.
    public func fileName(for scenario: Scenario) -> String {
        let size = self.size(for: scenario)
        return "\(scheme.rawValue)-\(Self.name(of: textSize))-\(size.width)x\(size.height)-\(Self.name(of: depth))"
    }

    public var description: String {
        "\(scheme.rawValue) · \(Self.name(of: textSize)) · \(width.map(String.init) ?? "natural")×\(height.map(String.init) ?? "natural") · \(Self.name(of: depth))"
    }

    /// The text sizes the variants cover: the densest, the default and the largest.
    public static let textSizes: [TextSize] = [.small, .medium, .accessibilityExtraLarge]

    /// The text sizes `scenario` is shown in: ``textSizes`` where its view follows the text
    /// size (`ViewKind.followsTextSize`), else the default alone, since every
    /// size would draw the same frame.
    public static func textSizes(for scenario: Scenario) -> [TextSize] {
        scenario.kind.followsTextSize ? textSizes : [.medium]
    }

    /// The colour depths the variants cover: all colours, and none (`NO_COLOR`).
    public static let depths: [ColorDepth] = [.trueColor, .monochrome]

    /// The widths a scenario is shown at: its natural width, and two thirds of it, where
    /// views show how they degrade.
    public static func widths(for scenario: Scenario) -> [Int] {
        let natural = scenario.naturalSize.width
        return [natural, max(1, natural * 2 / 3)]
    }

    /// Every variant of `scenario`: both schemes × ``textSizes(for:)`` × ``widths(for:)`` ×
    /// ``depths``, the set `variants`, the exports and the benchmarks go through.
    public static func all(for scenario: Scenario) -> [Variant] {
        ColorScheme.allCases.reversed().flatMap { scheme in
            textSizes(for: scenario).flatMap { textSize in
                widths(for: scenario).flatMap { width in
                    depths.map { depth in
                        Variant(scheme: scheme, textSize: textSize, width: width, depth: depth)
                    }
                }
            }
        }
    }

    /// The four variants every scenario is snapshotted in: light and dark, each at the
    /// default text size and the largest, at the natural size.
    public static let snapshots: [Variant] = ColorScheme.allCases.flatMap { scheme in
        [TextSize.medium, .accessibilityExtraLarge].map { Variant(scheme: scheme, textSize: $0) }
    }

    /// The option value of a text size on the command line: `small` … `accessibility-xl`.
    public static func name(of textSize: TextSize) -> String {
        switch textSize {
        case .small: return "small"
        case .medium: return "medium"
        case .large: return "large"
        case .extraLarge: return "xl"
        case .accessibilityLarge: return "accessibility-l"
        case .accessibilityExtraLarge: return "accessibility-xl"
        }
    }

    /// The option value of a colour depth: `none`, `16`, `256`, `truecolor`.
    public static func name(of depth: ColorDepth) -> String {
        depth.name
    }
}
