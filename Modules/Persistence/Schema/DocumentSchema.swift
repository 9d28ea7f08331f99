#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a file's documents are: a name written into every file (so a file of another kind
/// is never mistaken for this one), the current version, and the steps that upgrade each
/// older version.
///
/// The caller chooses it for its own documents — the sync server's adapter declares the
/// schema of its activity records — and bumps ``version`` with a new ``SchemaMigration``
/// whenever the JSON of `Document` changes shape. A file newer than ``version`` is refused
/// and left untouched.
public struct DocumentSchema<Document: Codable>: Sendable {
    /// The schema's name, e.g. `little-moments/settings`; written into every file.
    public let name: String
    /// The version this program writes, from 1.
    public let version: Int
    /// One step from each older version, from 1 (or the oldest still supported) up to
    /// `version - 1`.
    public let migrations: [SchemaMigration]

    /// A schema; `migrations` must hold one step per older version that can still be read.
    public init(name: String, version: Int, migrations: [SchemaMigration] = []) {
        self.name = name
        self.version = version
        self.migrations = migrations
    }

    /// Reads a document written in version `found` (the current one, or an older one that is
    /// upgraded step by step).
    func decode(_ data: Data, version found: Int, with decoder: JSONDecoder) throws(ContentFailure) -> Document {
        if found == version {
            do { return try decoder.decode(Document.self, from: data) } catch {
                throw .damaged(DecodingProblem.describe(error))
            }
        }
        let value: JSONValue
        do { value = try decoder.decode(JSONValue.self, from: data) } catch {
            throw .damaged(DecodingProblem.describe(error))
        }
        return try upgrade(value, from: found, with: decoder)
    }

    /// Reads a document given as JSON in version `found`, upgrading it first when older.
    func upgrade(_ value: JSONValue, from found: Int, with decoder: JSONDecoder) throws(ContentFailure) -> Document {
        try check(found)
        var current = value
        for step in found..<version {
            guard let migration = migrations.first(where: { $0.fromVersion == step }) else {
                throw .noMigration(from: found)
            }
            do { current = try migration.upgrade(current) } catch {
                throw .damaged("it cannot be upgraded from version \(step): \(error)")
            }
        }
        do {
            return try decoder.decode(Document.self, from: JSONEncoder().encode(current))
        } catch {
            throw .damaged(DecodingProblem.describe(error))
        }
    }

    /// Refuses versions this program cannot read: newer ones, and nonsense below 1.
    func check(_ found: Int) throws(ContentFailure) {
        if found > version { throw .newer(found) }
        if found < 1 { throw .damaged("it claims version \(found), which never existed") }
        if found < version, !(found..<version).allSatisfy({ step in migrations.contains { $0.fromVersion == step } }) {
            throw .noMigration(from: found)
        }
    }
}

/// Why a document could not be read, before the store decides what to do about it: a newer
/// or unmigratable version is refused untouched; damage is moved aside.
enum ContentFailure: Error, Hashable {
    /// Written by a newer version.
    case newer(Int)
    /// An older version with no chain of steps up to the current one.
    case noMigration(from: Int)
    /// Not valid JSON, or not a valid document.
    case damaged(String)
}
