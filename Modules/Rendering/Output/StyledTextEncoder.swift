/// A frame as text that keeps its look: the rows as a person reads them, then the same
/// grid as one letter per cell naming its style, then a legend giving each letter's colour
/// roles, colours and attributes.
///
/// Plain text cannot tell a light frame from a dark one; this can, and it stays readable
/// in a diff. It is the format of the showcase's snapshots and of `export --text`.
public struct StyledTextEncoder: Sendable {
    /// The palette the frame was drawn with, to name colours by role.
    public var palette: Palette
    /// The colour depth the frame is shown at: colours are written as that depth writes
    /// them, and dropped at ``Rendering/ColorDepth/monochrome``.
    public var depth: ColorDepth

    /// An encoder for frames drawn with `palette`, shown at `depth`.
    public init(palette: Palette, depth: ColorDepth = .trueColor) {
        self.palette = palette
        self.depth = depth
    }

    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// The three parts, separated by `-- styles --` and `-- legend --` lines. A cell in
    /// the terminal's default look is `.`; so is a space whose style does not show.
    public func encode(_ frame: Frame) -> String {
        var styles: [CellStyle] = []
        var letterRows: [String] = []
        for row in 0..<frame.height {
            var line = ""
            for column in 0..<frame.width {
                let cell = frame[column, row]
                let style = shown(cell.style)
                let text = frame.text(of: cell)
                if style == .plain || (text == " " && !showsOnSpace(style)) {
                    line.append(".")
                    continue
                }
                let index = styles.firstIndex(of: style) ?? {
                    styles.append(style)
                    return styles.count - 1
                }()
                line.append(index < Self.letters.count ? Self.letters[index] : "?")
            }
            while line.last == "." { line.removeLast() }
            letterRows.append(line)
        }
        var parts = [PlainEncoder().encode(frame), "-- styles --"]
        parts += letterRows
        parts.append("-- legend (\(palette.scheme.rawValue), \(depth.name)) --")
        for (index, style) in styles.enumerated() {
            let letter = index < Self.letters.count ? String(Self.letters[index]) : "?"
            parts.append(letter + "  " + describe(style))
        }
        return parts.joined(separator: "\n")
    }

    /// The style as the depth shows it: no colour at all without colours.
    private func shown(_ style: CellStyle) -> CellStyle {
        guard depth == .monochrome else { return style }
        return CellStyle(attributes: style.attributes)
    }

    private func showsOnSpace(_ style: CellStyle) -> Bool {
        style.background != nil || style.attributes.contains(.inverse) || style.attributes.contains(.underline)
    }

    /// `fg accent #5fd7c8, bg surface #26262a, bold`.
    private func describe(_ style: CellStyle) -> String {
        var parts: [String] = []
        if let foreground = style.foreground { parts.append("fg " + name(foreground)) }
        if let background = style.background { parts.append("bg " + name(background)) }
        let attributes: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.inverse, "inverse"),
        ]
        parts += attributes.filter { style.attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: ", ")
    }

    /// The roles that resolve to `color` in the palette, and the colour at this depth.
    private func name(_ color: TerminalColor) -> String {
        let roles = SemanticColor.allCases.filter { palette.color(for: $0)?.rgb == color.rgb }.map(\.rawValue)
        let role = roles.isEmpty ? "unnamed" : roles.joined(separator: "|")
        switch depth {
        case .trueColor, .monochrome: return role + " " + color.hex
        case .ansi256: return role + " 256:\(color.index256)"
        case .ansi16: return role + " 16:\(color.index16)"
        }
    }
}
