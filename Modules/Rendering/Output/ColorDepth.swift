/// How many colours the output may use. Views may read it from the environment (a heat
/// map leans on its glyphs when there is no colour); encoders obey it.
public enum ColorDepth: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// No colour at all: attributes only (`NO_COLOR`), or plain text.
    case monochrome
    /// The sixteen ANSI colours every terminal has.
    case ansi16
    /// The xterm 256-colour palette (`TERM=*256color`).
    case ansi256
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name a person types for this depth (`--color`): `none`, `16`, `256`, `truecolor`.
    public var name: String {
        switch self {
        case .monochrome: return "none"
        case .ansi16: return "16"
        case .ansi256: return "256"
        case .trueColor: return "truecolor"
        }
    }
}
