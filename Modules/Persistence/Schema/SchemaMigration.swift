/// One step of a document's history: how the JSON of version ``fromVersion`` becomes the
/// JSON of version `fromVersion + 1`.
///
/// Steps work on ``JSONValue`` rather than on Swift types, so a program only keeps its
/// current types and a chain of small reshapings; a file several versions old is upgraded
/// by running every step from its version up.
public struct SchemaMigration: Sendable {
    /// The version this step reads.
    public let fromVersion: Int
    /// Reshapes one document. Throwing means the document cannot be upgraded (its data does
    /// not fit even the old version); it is then treated as damaged.
    public let upgrade: @Sendable (JSONValue) throws -> JSONValue

    /// A step from `fromVersion` to the next version.
    public init(fromVersion: Int, upgrade: @escaping @Sendable (JSONValue) throws -> JSONValue) {
        self.fromVersion = fromVersion
        self.upgrade = upgrade
    }
}
