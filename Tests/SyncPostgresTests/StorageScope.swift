import Foundation
import SyncPostgres
import TestSupport
import Testing

/// How long one database operation may take in these suites: longer than the product's
/// 1.5 s (``PostgresSyncStorage/standardOperationPatience``), because a whole test run
/// beside a busy core has made PostgreSQL take longer than that to answer, and these
/// suites test what the storage answers, not how soon. The bound itself is tested on the
/// product's value, by "A storage through a PostgreSQL outage".
let testOperationPatience: Duration = .seconds(10)

/// Opens a storage on `url` with ``testOperationPatience``.
func openStorage(_ url: String) async throws -> PostgresSyncStorage {
    try await PostgresSyncStorage.open(url: url, operationPatience: testOperationPatience)
}

/// Opens a storage on `url`, runs `body` while its change feed runs (as it does under a
/// running server), then ends the feed and closes the storage, whatever happens.
func withStorage<Result: Sendable>(
    _ url: String, _ body: (PostgresSyncStorage) async throws -> Result
) async throws -> Result {
    let storage = try await openStorage(url)
    let outcome = await withDiscardingTaskGroup { group in
        group.addTask { await storage.run() }
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(storage))
        } catch {
            outcome = .failure(error)
        }
        group.cancelAll()
        return outcome
    }
    await storage.close()
    return try outcome.get()
}
