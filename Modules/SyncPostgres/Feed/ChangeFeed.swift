import Logging
import PostgresNIO
import SyncAuthority
import SyncProtocol
import Synchronization

/// The changes every server commits, read back from the `activity_changes` log and handed
/// to each stream of ``PostgresSyncStorage/changes()``.
///
/// The log is read by sequence number, after the last one read: a `NOTIFY` only says
/// "look now". So nothing is lost when a notification is (the LISTEN connection dropped,
/// or a burst was folded into one): the poll every ``PostgresSyncStorage/pollInterval``
/// and the read after every reconnect find what the notifications did not announce.
/// Commits hold one advisory lock (``PostgresSchema/commitLock``), so sequence order is
/// commit order and a reader never passes a change that commits later.
final class ChangeFeed: Sendable {
    private struct Subscribers {
        var continuations: [UInt64: AsyncStream<ActivitySnapshot>.Continuation] = [:]
        var nextKey: UInt64 = 0
        var finished = false
    }

    private let subscribers = Mutex(Subscribers())
    private let wakeups: AsyncStream<Void>
    private let wakeup: AsyncStream<Void>.Continuation

    init() {
        (wakeups, wakeup) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// A new stream of every change read from now on; it ends when the feed does.
    func stream() -> AsyncStream<ActivitySnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActivitySnapshot.self)
        let key: UInt64? = subscribers.withLock { subscribers in
            guard !subscribers.finished else { return nil }
            let key = subscribers.nextKey
            subscribers.nextKey += 1
            subscribers.continuations[key] = continuation
            return key
        }
        guard let key else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    /// Asks for a read of the log now.
    func poke() {
        wakeup.yield()
    }

    /// Follows the log after `startSequence` until the task is cancelled, then ends every
    /// stream. Queries go through `link`'s pool, each within its deadline; the LISTEN
    /// connection is one of `link`'s own. Each change read is `metrics`' lag.
    func run(
        link: DatabaseLink, after startSequence: Int64, pollInterval: Duration, retention: Duration, logger: Logger,
        metrics: SyncMetrics? = nil
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.listen(connect: link.connectAlone, logger: logger) }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: pollInterval)
                    self.poke()
                }
            }
            group.addTask {
                await self.read(link: link, after: startSequence, retention: retention, logger: logger, metrics: metrics)
            }
            await group.waitForAll()
        }
        finish()
    }

    /// Ends every stream, and any opened later.
    func finish() {
        wakeup.finish()
        let continuations = subscribers.withLock { subscribers in
            subscribers.finished = true
            defer { subscribers.continuations = [:] }
            return Array(subscribers.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }

    /// Holds a LISTEN connection of its own, poking the reader on every notification and
    /// after every (re)connection; reconnects with a pause that doubles from 100 ms to at
    /// most ``longestPause`` when it drops, so a feed is back within a second or so of the
    /// database, whatever the outage's length.
    ///
    /// The connection is not the pool's: closing it is how a cancelled feed stops waiting
    /// on it, whatever state the connection was left in by a server that went away.
    private func listen(connect: @Sendable () async throws -> PostgresConnection, logger: Logger) async {
        var pause = Duration.milliseconds(100)
        while !Task.isCancelled {
            do {
                let connection = try await connect()
                var failure: (any Error)?
                do {
                    try await withTaskCancellationHandler {
                        try await connection.listen(on: PostgresSchema.channel) { notifications in
                            pause = .milliseconds(100)
                            // What was committed while we were not listening.
                            self.poke()
                            for try await _ in notifications { self.poke() }
                        }
                    } onCancel: {
                        let _: EventLoopFuture<Void> = connection.close()
                    }
                } catch {
                    failure = error
                }
                // Closed and waited for in every case: a connection must not outlive its close.
                try? await connection.close()
                if let failure { throw failure }
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning(
                    "the PostgreSQL change feed lost its LISTEN connection; reconnecting",
                    metadata: ["reason": "\(PostgresStorageError.explain(error))"])
            }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, Self.longestPause)
        }
    }

    /// Reads the log after the last change read, whenever poked, and hands each change to
    /// every stream; prunes old rows now and then. Each change's lag, from its transaction
    /// to this read by the database's own clock (so no two machines' clocks are compared),
    /// goes to `metrics`.
    private func read(
        link: DatabaseLink, after startSequence: Int64, retention: Duration, logger: Logger, metrics: SyncMetrics?
    ) async {
        let batch = 500
        var last = startSequence
        var lastPrune = ContinuousClock.now
        for await _ in wakeups {
            do {
                let after = last
                let rows = try await link.run { connection in
                    var rows: [(Int64, String, Double)] = []
                    for try await row in try await connection.query(
                        """
                        SELECT seq, snapshot::text, extract(epoch FROM clock_timestamp() - created)::float8
                        FROM activity_changes WHERE seq > \(after) ORDER BY seq LIMIT \(batch)
                        """, logger: logger
                    ).decode((Int64, String, Double).self) {
                        rows.append(row)
                    }
                    return rows
                }
                for (sequence, text, lag) in rows {
                    last = sequence
                    metrics?.changeFeedLagged(seconds: lag)
                    do {
                        publish(try StoredJSON.snapshot(from: text))
                    } catch {
                        logger.error("skipped an unreadable change", metadata: ["seq": "\(sequence)", "reason": "\(error)"])
                    }
                }
                if rows.count == batch { poke() }
            } catch {
                // An outage is logged once, by the link, when it begins and ends.
                if case .unavailable = error { continue }
                logger.warning(
                    "could not read PostgreSQL's change log; trying again",
                    metadata: ["reason": "\(PostgresStorageError.explain(error))"])
            }
            if ContinuousClock.now - lastPrune > .seconds(60) {
                lastPrune = .now
                do {
                    try await Self.prune(link: link, olderThan: retention, logger: logger)
                } catch {
                    logger.warning(
                        "could not prune PostgreSQL's change log and answers",
                        metadata: ["reason": "\(PostgresStorageError.explain(error))"])
                }
            }
        }
    }

    private func publish(_ snapshot: ActivitySnapshot) {
        let continuations = subscribers.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(snapshot) }
    }

    /// Deletes the log's rows older than `retention` (the log only carries changes from one
    /// server to the others, which read it within a second or so), and the answers past
    /// what each activity remembers: the newest ``StoredActivity/answersPerClient`` of each
    /// client, ``StoredActivity/rememberedAnswers`` in all.
    static func prune(link: DatabaseLink, olderThan retention: Duration, logger: Logger) async throws {
        let seconds = Double(retention.components.seconds)
        try await link.run(within: pruneLimit) { connection in
            try await connection.query(
                "DELETE FROM activity_changes WHERE created < now() - make_interval(secs => \(seconds))", logger: logger)
            return ()
        }
        try await link.run(within: pruneLimit) { connection in
            try await connection.query(
            """
            DELETE FROM activity_answers AS x USING (
                SELECT activity_id, client_id, intent_id,
                    row_number() OVER (PARTITION BY activity_id, client_id ORDER BY seq DESC) AS of_client,
                    row_number() OVER (PARTITION BY activity_id ORDER BY seq DESC) AS of_activity
                FROM activity_answers) AS r
            WHERE x.activity_id = r.activity_id AND x.client_id = r.client_id AND x.intent_id = r.intent_id
                AND (r.of_client > \(StoredActivity.answersPerClient) OR r.of_activity > \(StoredActivity.rememberedAnswers))
            """, logger: logger)
            return ()
        }
    }

    /// How long a prune may take: longer than a request's wait, since it goes through
    /// whole tables, once a minute, and nobody waits on it.
    static let pruneLimit: Duration = .seconds(30)

    /// The longest pause between two attempts to listen again.
    static let longestPause: Duration = .seconds(1)
}
