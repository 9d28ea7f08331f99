/// One cluster of text with its width in cells, measured once when the text is made.
struct Glyph: Sendable {
    let character: Character
    let width: Int

    static let ellipsis = Glyph(character: "…", width: 1)
    static let space = Glyph(character: " ", width: 1)
}

/// Breaks text into lines that fit a width and a height: truncation with an ellipsis,
/// or word wrapping with long words broken between clusters. Never between the two
/// halves of a cluster, never wider than offered.
enum TextLayout {
    /// Clean glyphs for `text`: paragraphs split at line breaks, every cluster sanitised,
    /// clusters with no width (nothing to stand on) left out.
    static func paragraphs(_ text: some StringProtocol) -> [[Glyph]] {
        Sanitizer.lines(of: text).map { line in
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(line.utf8.count)
            for character in line {
                let width = GraphemeWidth.width(of: character)
                if width > 0 { glyphs.append(Glyph(character: character, width: width)) }
            }
            return glyphs
        }
    }

    /// The lines shown in `width` × `height`. When text is cut short vertically, the last
    /// line shown ends with an ellipsis.
    static func lines(_ paragraphs: [[Glyph]], width: Int, height: Int, wrap: Bool) -> [[Glyph]] {
        guard width > 0, height > 0 else { return [] }
        var lines: [[Glyph]] = []
        for paragraph in paragraphs {
            if wrap {
                lines += wrapped(paragraph, width: width)
            } else {
                lines.append(truncated(paragraph, width: width))
            }
            if lines.count > height { break }
        }
        guard lines.count > height else { return lines }
        var shown = Array(lines.prefix(height))
        shown[height - 1] = ellipsised(shown[height - 1], width: width)
        return shown
    }

    /// The width of a line.
    static func width(_ glyphs: [Glyph]) -> Int {
        glyphs.reduce(0) { $0 + $1.width }
    }

    /// The line as is if it fits, or as much as fits before an ellipsis.
    static func truncated(_ glyphs: [Glyph], width: Int) -> [Glyph] {
        guard self.width(glyphs) > width else { return glyphs }
        return ellipsised(glyphs, width: width)
    }

    /// The line cut to leave room for an ellipsis, and the ellipsis.
    static func ellipsised(_ glyphs: [Glyph], width: Int) -> [Glyph] {
        guard width > 0 else { return [] }
        var result: [Glyph] = []
        var used = 0
        for glyph in glyphs {
            if used + glyph.width > width - 1 { break }
            result.append(glyph)
            used += glyph.width
        }
        while let last = result.last, last.character == " " { result.removeLast() }
        result.append(.ellipsis)
        return result
    }

    /// Greedy word wrap: words move to the next line whole; a word longer than a line is
    /// broken between clusters. Runs of spaces between words collapse to one.
    static func wrapped(_ glyphs: [Glyph], width: Int) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var lineWidth = 0
        for word in words(glyphs) {
            let wordWidth = self.width(word)
            if !line.isEmpty, lineWidth + 1 + wordWidth <= width {
                line.append(.space)
                line += word
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = []
                lineWidth = 0
            }
            for glyph in word {
                if lineWidth + glyph.width > width, !line.isEmpty {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                if glyph.width <= width {
                    line.append(glyph)
                    lineWidth += glyph.width
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    private static func words(_ glyphs: [Glyph]) -> [[Glyph]] {
        var words: [[Glyph]] = []
        var word: [Glyph] = []
        for glyph in glyphs {
            if glyph.character == " " {
                if !word.isEmpty { words.append(word) }
                word = []
            } else {
                word.append(glyph)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
