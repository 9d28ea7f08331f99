/// How many terminal cells a grapheme cluster takes: 0, 1 or 2.
///
/// A terminal draws a cluster (what a reader calls one character: a letter with its
/// accents, an emoji with its skin tone, a family joined by zero-width joiners, a flag) in
/// one or two cells, and `String.count` says nothing about which. Every width in the
/// toolkit comes from here, with tables generated from Unicode 15.0
/// (``unicodeVersion``; see `Scripts/generate-width-tables.py`).
///
/// The rules, in order, for one cluster:
/// 1. Regional indicators: a pair (a flag) takes 2 cells, a lone indicator 1.
/// 2. A cluster whose first scalar is a mark or format character (it has nothing to
///    stand on, e.g. a combining accent at the start of a line) takes 0 cells: the
///    layout drops it rather than let it combine with a neighbouring cell.
/// 3. An emoji presentation selector (U+FE0F) after an `Emoji` scalar, an emoji skin
///    tone, or a zero-width joiner after an `Extended_Pictographic` scalar makes the
///    cluster an emoji: 2 cells.
/// 4. Otherwise the first scalar decides: East Asian Wide or Fullwidth (and default-emoji
///    presentation) take 2 cells, everything else 1. East Asian Ambiguous characters
///    (box drawing, `…`, `○`) count as 1, as terminals outside CJK locales draw them.
public enum GraphemeWidth {
    /// The Unicode version of the width tables.
    public static let unicodeVersion = WidthTables.unicodeVersion

    /// The cells `character` takes in a terminal.
    @inlinable
    public static func width(of character: Character) -> Int {
        if let ascii = character.asciiValue, character.utf8.count == 1 {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        return clusterWidth(character.unicodeScalars)
    }

    /// The cells `text` takes on one line: the sum of its clusters' widths.
    ///
    /// In the blocks of Latin, general punctuation and symbols, box drawing, CJK, Hangul
    /// syllables and fullwidth forms, every scalar is a cluster of its own but for a few
    /// marks, so there widths are summed without breaking the text into clusters; anything
    /// else sends the whole text through grapheme breaking. The marks do too: most by their
    /// width of 0, and the four that have a width alone yet join the cluster before them by
    /// name: U+302E and U+302F (Hangul tone marks, wide alone) and U+FF9E and U+FF9F
    /// (halfwidth katakana sound marks). A test checks every scalar of those blocks.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let joiningMark = value == 0x302E || value == 0x302F || value == 0xFF9E || value == 0xFF9F
            let simple =
                !joiningMark
                && (value < 0x300 || (0x2000..<0x2C00).contains(value) || (0x3000..<0xA000).contains(value)
                    || (0xAC00..<0xD7A4).contains(value) || (0xFF00..<0xFFF0).contains(value))
            let width = simple ? scalarWidth(scalar) : 0
            guard width > 0 else { return clusterSum(text) }
            total += width
        }
        return total
    }

    private static func clusterSum(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// The width of one scalar on its own: 0 for marks and format characters, 2 for wide
    /// ones, 1 otherwise. Controls count 0; the sanitiser replaces them before layout.
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        if contains(WidthTables.zeroWidth, value) { return 0 }
        if contains(WidthTables.wide, value) { return 2 }
        return 1
    }

    @usableFromInline
    static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        var regionalIndicators = 0
        var presentationSelector = false
        var skinTone = false
        var joiner = false
        for scalar in scalars {
            switch scalar.value {
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            case 0xFE0F: presentationSelector = true
            case 0x200D: joiner = true
            default:
                if contains(WidthTables.emojiModifier, scalar.value) { skinTone = true }
            }
        }
        if regionalIndicators > 0 { return regionalIndicators >= 2 ? 2 : 1 }
        let base = scalarWidth(first)
        if base == 0 { return 0 }
        if presentationSelector, contains(WidthTables.emoji, first.value) { return 2 }
        if skinTone { return 2 }
        if joiner, contains(WidthTables.extendedPictographic, first.value) { return 2 }
        return base
    }

    /// Binary search of a flat `first, last` range table.
    static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        if high < 0 || value < table[0] || value > table[table.count - 1] { return false }
        while low <= high {
            let middle = (low + high) / 2
            if value < table[2 * middle] {
                high = middle - 1
            } else if value > table[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
