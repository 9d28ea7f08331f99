import Foundation
import SyncPostgres
import TestSupport
import Testing

/// The suite trait that gives a suite one real PostgreSQL server of its own
/// (TestSupport's ``PostgresServer``), started before its first test and stopped after its
/// last; each test makes a fresh database in it with ``PostgresScope/freshDatabase()``.
///
/// Without PostgreSQL installed the suites are skipped, except under `CI=true`, where the
/// start fails the suite with what to install.
struct PostgresScope: SuiteTrait, TestScoping {
    @TaskLocal static var server: PostgresServer?

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try PostgresServer.start()
        defer { server.stop() }
        try await Self.$server.withValue(server, operation: function)
    }

    /// The suite's server.
    static func current() throws -> PostgresServer {
        try #require(server, "the suite needs the .postgres trait")
    }

    /// A new empty database in the suite's server; answers its URL.
    static func freshDatabase() throws -> String {
        let server = try current()
        let name = "test_\(UUID().uuidString.prefix(8).lowercased())"
        try server.createDatabase(name)
        return server.url(database: name)
    }

    /// The database name at the end of a URL made by ``freshDatabase()``.
    static func databaseName(of url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }
}

extension Trait where Self == PostgresScope {
    /// One real PostgreSQL server for the suite.
    static var postgres: PostgresScope { PostgresScope() }
}

/// Whether the PostgreSQL suites run here (see ``PostgresScope``).
let postgresAvailable = PostgresServer.shouldRun

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
