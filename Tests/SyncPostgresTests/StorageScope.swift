import Foundation
import SyncPostgres
import TestSupport
import Testing

/// Opens a storage on `url`, runs `body`, and closes it whatever happens.
func withStorage<Result: Sendable>(
    _ url: String, _ body: (PostgresSyncStorage) async throws -> Result
) async throws -> Result {
    let storage = try await PostgresSyncStorage.open(url: url)
    do {
        let result = try await body(storage)
        await storage.close()
        return result
    } catch {
        await storage.close()
        throw error
    }
}
