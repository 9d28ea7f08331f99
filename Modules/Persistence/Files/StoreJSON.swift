#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How every store writes JSON: keys sorted and slashes left alone, so the same value is
/// always the same bytes (a line of the history, a journal entry, a header); documents a
/// person may open (the settings) are indented too.
enum StoreJSON {
    /// Compact: one value per line.
    private static let compact = makeEncoder(pretty: false)
    /// Indented, for documents people read.
    private static let pretty = makeEncoder(pretty: true)

    /// `value` as JSON for the file at `path`; an encoding failure names that file.
    static func encode(_ value: some Encodable, path: String, pretty: Bool = false) throws(PersistenceError) -> Data {
        do {
            return try (pretty ? Self.pretty : compact).encode(value)
        } catch {
            throw .unencodable(path: path, reason: "\(error)")
        }
    }

    private static func makeEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
