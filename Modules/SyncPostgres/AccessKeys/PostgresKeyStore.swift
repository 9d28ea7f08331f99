#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import PostgresNIO

/// The people's access keys of servers that share a database: Sync's `AccessKeyStore` on
/// the `person_keys` table (``PostgresSchema``), through the storage's connections. Only
/// digests are kept, never a key.
///
/// ``keys()`` reads the table on every call, so a key revoked through any server, or by
/// `moments keys revoke` against the database, is refused by every server's next request.
public struct PostgresKeyStore: AccessKeyStore {
    private let storage: PostgresSyncStorage

    /// The keys in the database `storage` is open on; they answer while it is open.
    public init(storage: PostgresSyncStorage) {
        self.storage = storage
    }

    public func keys() async throws(KeyStoreError) -> [AccessKeyRecord] {
        try await run { connection, logger in
            var records: [AccessKeyRecord] = []
            let rows = try await connection.query(
                "SELECT name, id, digest, created, last_used FROM person_keys ORDER BY created, name", logger: logger)
            for try await (name, id, digest, created, lastUsed) in rows.decode((String, String, String, Date, Date?).self) {
                records.append(AccessKeyRecord(name: name, id: id, digest: digest, createdAt: created, lastUsedAt: lastUsed))
            }
            return records
        }
    }

    public func add(_ record: AccessKeyRecord) async throws(KeyStoreError) {
        let added = try await run { connection, logger in
            let rows = try await connection.query(
                """
                INSERT INTO person_keys (name, id, digest, created, last_used)
                VALUES (\(record.name), \(record.id), \(record.digest), \(record.createdAt), \(record.lastUsedAt))
                ON CONFLICT DO NOTHING
                RETURNING name
                """, logger: logger)
            var count = 0
            for try await _ in rows { count += 1 }
            return count == 1
        }
        guard added else {
            throw KeyStoreError(
                "there is already a key called '\(record.name)'; revoke it first (`moments keys revoke \(record.name)`) or choose another name.")
        }
    }

    public func revoke(named name: String) async throws(KeyStoreError) -> Bool {
        try await run { connection, logger in
            var count = 0
            for try await _ in try await connection.query(
                "DELETE FROM person_keys WHERE name = \(name) RETURNING name", logger: logger)
            {
                count += 1
            }
            return count > 0
        }
    }

    public func noteUse(ofKey id: String, at instant: Date) async throws(KeyStoreError) {
        try await run { connection, logger in
            try await connection.query("UPDATE person_keys SET last_used = \(instant) WHERE id = \(id)", logger: logger)
            return ()
        }
    }

    private func run<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
    ) async throws(KeyStoreError) -> Result {
        let logger = storage.logger
        do {
            return try await storage.run { connection in try await body(connection, logger) }
        } catch {
            throw KeyStoreError("the keys in \(storage.location) could not be read or changed: \(error)")
        }
    }
}
