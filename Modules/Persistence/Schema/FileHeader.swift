/// The first thing in every file a store writes: what kind of file it is and in which
/// version, so a reader can refuse a newer file before it touches anything, upgrade an
/// older one, and tell a damaged file from a file of another kind.
///
/// `format` and `version` describe the file's layout (a settings envelope, a history log,
/// a collection snapshot or journal). A collection also names the caller's document
/// `schema` and its `schema_version`, and a snapshot the `sequence` of the last change it
/// holds.
struct FileHeader: Codable, Hashable, Sendable {
    var format: String
    var version: Int
    var schema: String?
    var schemaVersion: Int?
    var sequence: UInt64?

    enum CodingKeys: String, CodingKey {
        case format, version, schema, sequence
        case schemaVersion = "schema_version"
    }
}
