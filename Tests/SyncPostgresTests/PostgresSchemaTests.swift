import SyncPostgres
import TestSupport
import Testing

/// The schema on a real database: created on an empty one, untouched when opened again,
/// and a database of a newer `moments` refused and left as it was.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresSchemaTests {
    @Test func createsTheTablesOnAnEmptyDatabase() async throws {
        let url = try PostgresScope.freshDatabase()
        try await withStorage(url) { _ in }
        let server = try PostgresScope.current()
        let database = PostgresScope.databaseName(of: url)
        let tables = try server.psql(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
            database: database)
        #expect(tables.split(separator: "\n") == ["activities", "activity_answers", "activity_changes", "history", "moments_schema", "person_keys", "sit_presence"])
        #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
    }

    @Test func openingAgainChangesNothing() async throws {
        let url = try PostgresScope.freshDatabase()
        let server = try PostgresScope.current()
        let database = PostgresScope.databaseName(of: url)
        try await withStorage(url) { _ in }
        try server.psql("INSERT INTO history (activity_id, snapshot) VALUES ('kept', '{}')", database: database)
        try await withStorage(url) { _ in }
        #expect(try server.psql("SELECT activity_id FROM history", database: database) == "kept\n")
        #expect(try server.psql("SELECT count(*) FROM moments_schema", database: database) == "1\n")
    }

    @Test func anOlderSchemaIsMigratedKeepingWhatItHolds() async throws {
        let url = try PostgresScope.freshDatabase()
        let server = try PostgresScope.current()
        let database = PostgresScope.databaseName(of: url)
        try await withStorage(url) { _ in }
        // Back to version 1, as the first release left it, with a session in its history.
        try server.psql(
            "DROP TABLE person_keys; DROP TABLE activity_answers; DROP TABLE sit_presence; UPDATE moments_schema SET version = 1; "
                + "INSERT INTO history (activity_id, snapshot) VALUES ('kept', '{}')",
            database: database)
        try await withStorage(url) { _ in }
        #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
        #expect(try server.psql("SELECT count(*) FROM person_keys", database: database) == "0\n")
        #expect(try server.psql("SELECT activity_id FROM history", database: database) == "kept\n")
    }

    @Test func serversStartingTogetherMigrateOnce() async throws {
        let url = try PostgresScope.freshDatabase()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { try await withStorage(url) { _ in } } }
            try await group.waitForAll()
        }
        let database = PostgresScope.databaseName(of: url)
        #expect(try PostgresScope.current().psql("SELECT version FROM moments_schema", database: database) == "\(PostgresSchema.version)\n")
    }

    @Test func refusesANewerSchemaAndChangesNothing() async throws {
        let url = try PostgresScope.freshDatabase()
        let server = try PostgresScope.current()
        let database = PostgresScope.databaseName(of: url)
        let newer = PostgresSchema.version + 1
        try server.psql("CREATE TABLE moments_schema (version integer NOT NULL); INSERT INTO moments_schema VALUES (\(newer))", database: database)
        await #expect {
            try await openStorage(url)
        } throws: { error in
            guard case .schemaTooNew(_, let found, let supported) = error as? PostgresStorageError else { return false }
            return found == newer && supported == PostgresSchema.version
                && "\(error)".contains("upgrade moments")
        }
        #expect(try server.psql("SELECT version FROM moments_schema", database: database) == "\(newer)\n")
        let tables = try server.psql(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database: database)
        #expect(tables == "1\n")
    }

    @Test func anUnreachableDatabaseSaysWhereAndWhyWithoutThePassword() async throws {
        let server = try PostgresScope.current()
        // A port nothing listens on: the server's own, plus one, is free in these tests' world
        // only by chance, so take a port that was just free.
        let url = "postgres://moments:hunter2@127.0.0.1:1/moments"
        await #expect {
            try await openStorage(url)
        } throws: { error in
            guard case .unreachable = error as? PostgresStorageError else { return false }
            let message = "\(error)"
            return message.contains("postgres://moments@127.0.0.1:1/moments") && !message.contains("hunter2")
        }
        _ = server
    }

    @Test func aMissingDatabaseIsNamedInTheError() async throws {
        let server = try PostgresScope.current()
        await #expect {
            try await openStorage(server.url(database: "no_such_database"))
        } throws: { error in
            "\(error)".contains("no_such_database") && "\(error)".contains("does not exist")
        }
    }
}
