import SyncPostgres
import Testing

/// Reading `postgres://` URLs: every part, the defaults, and an error naming the problem
/// and the expected shape for anything else, never with the password.
struct PostgresLocationTests {
    @Test func readsEveryPart() throws {
        let location = try PostgresLocation(url: "postgres://moments:s3cret@db.example:6543/activities?sslmode=require")
        #expect(location.user == "moments")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "activities")
        #expect(location.tls == .require)
    }

    @Test func defaultsPortAndTLS() throws {
        let location = try PostgresLocation(url: "postgresql://moments@localhost/moments")
        #expect(location.port == 5432)
        #expect(location.tls == .prefer)
    }

    @Test func decodesPercentEscapesAndIPv6() throws {
        let location = try PostgresLocation(url: "postgres://me%40home:p%40ss%2Fw@[::1]:5433/my%20db")
        #expect(location.user == "me@home")
        #expect(location.host == "::1")
        #expect(location.port == 5433)
        #expect(location.database == "my db")
        #expect(location.description == "postgres://me@home@[::1]:5433/my db")
    }

    @Test func descriptionNeverHoldsThePassword() throws {
        let location = try PostgresLocation(url: "postgres://moments:hunter2-secret@db:5432/moments")
        #expect(location.description == "postgres://moments@db:5432/moments")
        #expect(!location.description.contains("hunter2"))
    }

    @Test(arguments: [
        ("http://moments@db/moments", "must start with postgres://"),
        ("moments@db/moments", "must start with postgres://"),
        ("postgres://db/moments", "names no user"),
        ("postgres://moments:hunter2@db", "names no database"),
        ("postgres://moments:hunter2@db/", "database name is empty"),
        ("postgres://:hunter2@db/moments", "user is empty"),
        ("postgres://moments:hunter2@db:99999/moments", "port must be a number from 1 to 65535"),
        ("postgres://moments:hunter2@db:abc/moments", "port must be a number from 1 to 65535"),
        ("postgres://moments:hunter2@:5432/moments", "host is empty"),
        ("postgres://moments:hunter2@db/moments?sslmode=verify", "sslmode must be disable, prefer or require"),
        ("postgres://moments:hunter2@db/moments?timeout=3", "'timeout' is not a setting"),
        ("postgres://moments:hunter2%4@db/moments", "'%' not followed by two hexadecimal digits"),
    ])
    func refusesWithTheProblemAndTheShape(url: String, problem: String) {
        #expect {
            try PostgresLocation(url: url)
        } throws: { error in
            let message = "\(error)"
            return message.contains(problem) && message.contains(PostgresLocation.expectedShape)
                && !message.contains("hunter2")
        }
    }
}
