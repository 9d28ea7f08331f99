import Domain

extension DocumentSchema where Document == SessionRecord {
    /// The session history: one `Domain.SessionRecord` per line of `history.jsonl`.
    ///
    /// Version 1 is the first; when `SessionRecord`'s JSON changes shape, bump the version
    /// and add a ``SchemaMigration`` from the old one. Older logs are then upgraded (and
    /// rewritten once) when the store opens.
    public static let sessionHistory = DocumentSchema(name: "little-moments/history", version: 1)
}
