import Foundation
import Testing

/// The suite trait that gives a suite one real PostgreSQL server of its own
/// (TestSupport's ``PostgresServer``), started before its first test and stopped after its
/// last; each test makes a fresh database in it with ``PostgresScope/freshDatabase()``.
///
/// Without PostgreSQL installed the suites are skipped, except under `CI=true`, where the
/// start fails the suite with what to install.
public struct PostgresScope: SuiteTrait, TestScoping {
    /// The running suite's server.
    @TaskLocal public static var server: PostgresServer?

    /// Starts the server, runs the suite, stops the server.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // initdb and pg_ctl block for a second or two: on a thread of their own, not on
        // one of the cooperative pool's two, which every other suite's timing needs.
        let server = try await offThePool { try PostgresServer.start() }
        do {
            try await Self.$server.withValue(server, operation: function)
        } catch {
            await offThePool { server.stop() }
            throw error
        }
        await offThePool { server.stop() }
    }

    /// The suite's server.
    public static func current() throws -> PostgresServer {
        try #require(server, "the suite needs the .postgres trait")
    }

    /// A new empty database in the suite's server; answers its URL.
    public static func freshDatabase() throws -> String {
        let server = try current()
        let name = "test_\(UUID().uuidString.prefix(8).lowercased())"
        try server.createDatabase(name)
        return server.url(database: name)
    }

    /// The database name at the end of a URL made by ``freshDatabase()``.
    public static func databaseName(of url: String) -> String {
        String(url.split(separator: "/").last ?? "")
    }
}

extension Trait where Self == PostgresScope {
    /// One real PostgreSQL server for the suite.
    public static var postgres: PostgresScope { PostgresScope() }
}

/// Whether the PostgreSQL suites run here (see ``PostgresScope``).
public let postgresAvailable = PostgresServer.shouldRun

