/// The pixels of the big timer's characters: digits, the colon, and the letters of
/// `min`, since ``timerDisplayFromSeconds(seconds:showSeconds:)`` writes `5 min` when
/// seconds are hidden. Five rows high; `#` is a lit pixel.
enum DigitFont {
    /// The glyph for a character, five rows of equal width, or `nil` if the font lacks it.
    static func glyph(_ character: Character) -> [String]? {
        switch character {
        case "0": return ["###", "#.#", "#.#", "#.#", "###"]
        case "1": return ["##.", ".#.", ".#.", ".#.", "###"]
        case "2": return ["###", "..#", "###", "#..", "###"]
        case "3": return ["###", "..#", "###", "..#", "###"]
        case "4": return ["#.#", "#.#", "###", "..#", "..#"]
        case "5": return ["###", "#..", "###", "..#", "###"]
        case "6": return ["###", "#..", "###", "#.#", "###"]
        case "7": return ["###", "..#", "..#", "..#", "..#"]
        case "8": return ["###", "#.#", "###", "#.#", "###"]
        case "9": return ["###", "#.#", "###", "..#", "###"]
        case ":": return [".", "#", ".", "#", "."]
        case " ": return [".", ".", ".", ".", "."]
        case "m": return [".....", "####.", "#.#.#", "#.#.#", "#.#.#"]
        case "i": return ["#", ".", "#", "#", "#"]
        case "n": return ["...", "##.", "#.#", "#.#", "#.#"]
        default: return nil
        }
    }

    /// The pixel rows of `text`, glyphs one blank pixel apart; characters the font lacks
    /// are left out.
    static func bitmap(_ text: String) -> [[Bool]] {
        var rows = [[Bool]](repeating: [], count: 5)
        var first = true
        for character in text {
            guard let glyph = glyph(character) else { continue }
            for row in 0..<5 {
                if !first { rows[row].append(false) }
                rows[row] += glyph[row].map { $0 == "#" }
            }
            first = false
        }
        return rows
    }
}
