import Foundation
import Logging
import PostgresNIO
@testable import SyncPostgres
import Synchronization
import TestSupport
import Testing

/// PostgresNIO's own pool (`PostgresClient`, 1.33) through a database that goes away: the
/// reproduction behind DatabaseLink's fresh pool after an outage (issue 54, item 7;
/// Documentation/PostgresPool.md). Each test says what the library does today; the day
/// one fails, the library changed and the link may lean on it.
@Suite("PostgresNIO's own pool through a restart and an outage", .serialized, .takingTurns, .postgres, .enabled(if: postgresAvailable))
struct LibraryPoolTests {
    static func configuration(host: String = "127.0.0.1", port: Int, user: String, database: String) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: nil, database: database, tls: .disable)
        configuration.options.connectTimeout = .seconds(1)
        return configuration
    }

    /// The pool's own log, which reports each failed try: not wanted in a test's output.
    static let quiet = Logger(label: "pool", factory: { _ in SwiftLogNoOpLogHandler() })

    /// `SELECT 1` through `client`: nil, or why not, within `limit`.
    static func select(_ client: PostgresClient, within limit: Duration) async -> String? {
        do {
            try await Deadline.run(within: limit) {
                try await client.withConnection { connection in
                    _ = try await connection.query("SELECT 1", logger: Self.quiet)
                }
            }
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Ends `client`'s `run()` and answers how long it took, at most `limit`.
    static func shutDown(_ running: Task<Void, Never>, within limit: Duration) async -> Duration? {
        running.cancel()
        let asked = ContinuousClock.now
        guard (try? await Deadline.run(within: limit) { await running.value }) != nil else { return nil }
        return ContinuousClock.now - asked
    }

    @Test("fast restarts with queries in flight: the pool answers again within seconds of each, and shuts down when asked (issue #26's pool that never answered again does not reproduce)")
    func fastRestarts() async throws {
        let postgres = try PostgresScope.current()
        let location = try PostgresLocation(url: try PostgresScope.freshDatabase())
        let client = PostgresClient(
            configuration: Self.configuration(port: location.port, user: location.user, database: location.database),
            backgroundLogger: Self.quiet)
        let running = Task { await client.run() }
        #expect(await Self.select(client, within: .seconds(10)) == nil)

        let restarts = 30
        var late: [String] = []
        try await withThrowingTaskGroup { group in
            // Queries flowing all along, as a server's writes would: some are cut by each
            // restart, on connections the server closed under them.
            let stop = StopFlag()
            for _ in 0..<4 {
                group.addTask {
                    while !stop.isSet { _ = await Self.select(client, within: .seconds(2)) }
                }
            }
            for restart in 0..<restarts {
                try await offThePool { try postgres.restart(mode: .fast) }
                let back = ContinuousClock.now
                // Each try waits up to 2 s for its answer; the pool answers the first after a
                // restart within milliseconds on an idle machine, so 10 s fails only a pool
                // that lost its way.
                var answer: String?
                let answered = (try? await eventually(within: .seconds(30)) {
                    answer = await Self.select(client, within: .seconds(2))
                    return answer == nil
                }) != nil
                let took = ContinuousClock.now - back
                if !answered || took > .seconds(10) { late.append("restart \(restart): \(took), \(answer ?? "answered")") }
            }
            stop.set()
            try await group.waitForAll()
        }
        #expect(late.isEmpty, "\(late.count) of \(restarts) restarts left the pool without an answer for 10 s: \(late)")
        let stopped = await Self.shutDown(running, within: .seconds(10))
        #expect(stopped != nil, "the pool's run() did not end within 10 s of its cancellation")
    }

    @Test("a database that stays away: the pool's tries to connect grow apart, past 2 s within 20 s, and no option bounds them")
    func triesGrowApart() async throws {
        let database = try AcceptAndClose()
        defer { database.stop() }
        let client = PostgresClient(
            configuration: Self.configuration(port: database.port, user: "moments", database: "moments"),
            backgroundLogger: Self.quiet)
        let running = Task { await client.run() }
        // One request waiting all along, as a server's would be: the pool tries for it.
        _ = await Self.select(client, within: .seconds(20))
        let tries = database.accepted()
        _ = await Self.shutDown(running, within: .seconds(10))

        let gaps = zip(tries.dropFirst(), tries).map { $0 - $1 }
        let longest = gaps.max() ?? .zero
        // 100 ms × 1.25^(n-1), at most a minute: the 14th wait is 2.8 s, the 20th 8.7 s. A
        // database back in the middle of one is found only at its end: after an outage of a
        // few minutes, up to a minute late, where DatabaseLink's probes promise a second.
        #expect(tries.count >= 5, "the pool tried \(tries.count) times in 20 s")
        #expect(
            longest > .seconds(2),
            "the pool's tries stayed at most \(longest) apart: it bounds its backoff now, and DatabaseLink may keep its pool through an outage (Documentation/PostgresPool.md)")
        #expect(gaps.suffix(3).allSatisfy { $0 >= .milliseconds(500) }, "\(gaps)")
    }
}

/// A TCP listener on 127.0.0.1 that accepts each connection and closes it at once, noting
/// when: a database that is never there, whose every connection attempt can be counted.
final class AcceptAndClose: Sendable {
    let port: Int
    private let listener: Int32
    private let times = Mutex<[ContinuousClock.Instant]>([])

    init() throws {
        let (listener, port) = try LoopbackSocket.listen()
        self.listener = listener
        self.port = port
        // A thread of its own: accept(2) blocks, and must not hold one of the pool's.
        let thread = Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                times.withLock { $0.append(ContinuousClock.now) }
                close(connection)
            }
        }
        thread.start()
    }

    /// When each connection was accepted, oldest first.
    func accepted() -> [ContinuousClock.Instant] { times.withLock { $0 } }

    /// Wakes the accepting thread (a shut-down listener fails its accept) and closes.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

/// A flag set once, read from any task.
final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
