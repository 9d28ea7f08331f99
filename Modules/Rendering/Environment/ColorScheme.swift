/// Light or dark, as a terminal's background is; views pick their palette from it.
public enum ColorScheme: String, Hashable, Sendable, CaseIterable {
    /// Dark text on a light background.
    case light
    /// Light text on a dark background.
    case dark

    /// The colours of this scheme, by role.
    public var palette: Palette { Palette.standard(for: self) }
}
