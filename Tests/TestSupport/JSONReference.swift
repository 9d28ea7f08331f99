import Domain
import Foundation

/// What a hand-written JSON writer (``Domain/JSONWritable``) is held to: the same value
/// through `JSONEncoder` with sorted keys and unescaped slashes, as the stores encoded it
/// before (ADR 0041).
public enum JSONReference {
    /// `value` through `JSONEncoder`, as text.
    public static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `value` through its own writer, as text.
    public static func written(_ value: some JSONWritable) -> String {
        String(decoding: value.jsonData, as: UTF8.self)
    }
}
