/// How large a person wants things: the terminal's Dynamic Type.
///
/// A terminal's font size is not ours to change, so a text size category scales what the
/// layout controls: the space between things and the size of the timer's digits. The two
/// accessibility sizes double the spacing and always ask for the largest digits the space
/// allows.
public enum TextSize: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// Dense: half the spacing, medium digits at most.
    case small
    /// The default.
    case medium
    /// A little roomier, and extra-large digits where they fit.
    case large
    /// Roomier again.
    case extraLarge
    /// The first accessibility size: double spacing.
    case accessibilityLarge
    /// The largest accessibility size: double spacing, and hints and labels in bold.
    case accessibilityExtraLarge

    public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether this is one of the accessibility sizes.
    public var isAccessibility: Bool { self >= .accessibilityLarge }

    /// `base` cells of spacing, scaled: ×½ small, ×1 medium and large, ×1½ extra large,
    /// ×2 for the accessibility sizes (rounded down, never below zero).
    public func spacing(_ base: Int) -> Int {
        let halves = [1, 2, 2, 3, 4, 4][rawValue]
        return max(0, base * halves / 2)
    }

    /// The largest digits the timer may use at this size.
    public var largestDigits: DigitSize {
        switch self {
        case .small: return .medium
        case .medium: return .large
        case .large, .extraLarge, .accessibilityLarge, .accessibilityExtraLarge: return .extraLarge
        }
    }
}
