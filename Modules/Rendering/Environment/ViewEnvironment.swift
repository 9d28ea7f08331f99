#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

/// Everything a view may depend on besides its own inputs, passed down the tree.
///
/// Views read no clock, no process environment and no global: the current instant, the
/// time zone for days and dates, the colour scheme and depth all arrive here. So the
/// showcase and the live app draw the same frame for the same inputs and environment, and
/// a running timer renders from its state and ``now`` the way `Text(timerInterval:)`
/// does, with no push per second.
public struct ViewEnvironment: Sendable {
    /// Light or dark; decides the palette.
    public var colorScheme: ColorScheme
    /// How large things should be: spacing and digit size.
    public var textSize: TextSize
    /// How many colours the output has; views may lean on glyphs when it has none.
    public var colorDepth: ColorDepth
    /// The time zone days and dates are taken in. Dates are written in English, as is
    /// everything else on screen.
    public var timeZone: LocalTimeZone
    /// The instant the frame shows.
    public var now: Date

    /// An environment. `now` has no default on purpose: the caller's clock (or a
    /// fixture's instant) is the only source of time.
    public init(
        now: Date,
        colorScheme: ColorScheme = .dark,
        textSize: TextSize = .medium,
        colorDepth: ColorDepth = .trueColor,
        timeZone: LocalTimeZone = .utc
    ) {
        self.now = now
        self.colorScheme = colorScheme
        self.textSize = textSize
        self.colorDepth = colorDepth
        self.timeZone = timeZone
    }

    /// The colours of ``colorScheme``.
    public var palette: Palette { colorScheme.palette }

    /// `base` cells of spacing scaled for ``textSize``.
    public func spacing(_ base: Int) -> Int { textSize.spacing(base) }

    /// A role's style resolved against the palette.
    public func style(_ style: TextStyle) -> CellStyle { style.resolved(in: palette) }
}
