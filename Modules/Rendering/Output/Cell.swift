/// One cell of a ``Frame``: what it shows and how.
///
/// A cluster of one scalar (nearly every cell) is stored as that scalar's value, so a
/// frame of 10,000 cells holds no strings and compares as integers; a longer cluster (an
/// emoji sequence, a letter with accents) is stored once in its frame and referred to.
/// The right half of a two-cell cluster is a *continuation* cell that shows nothing:
/// encoders skip it, because the terminal's cursor already moved past it.
public struct Cell: Hashable, Sendable {
    /// A scalar value, a reference into the frame's clusters, or the continuation mark.
    @usableFromInline var code: UInt32
    /// How the cell looks.
    public internal(set) var style: CellStyle

    @usableFromInline
    init(code: UInt32, style: CellStyle) {
        self.code = code
        self.style = style
    }

    /// A space in the given style.
    public static func blank(_ style: CellStyle = .plain) -> Cell {
        Cell(code: 0x20, style: style)
    }

    /// Codes from here on refer to the frame's cluster table.
    @usableFromInline static let clusterBase: UInt32 = 0x11_0000
    /// The code of the right half of a wide cluster.
    @usableFromInline static let continuationCode: UInt32 = 0xFFFF_FFFF

    /// Whether this is the right half of a two-cell cluster.
    public var isContinuation: Bool { code == Self.continuationCode }
}
