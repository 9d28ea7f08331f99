/// One figure a sync server reports, as an operator reads it: its Prometheus name, what it
/// means, and how it is kept. ``SyncMetrics/catalog`` lists every one; the backend the
/// composition gives (`moments serve`'s Prometheus registry) takes each figure's help
/// text and buckets from it, so that the exposition explains itself.
public struct MetricDefinition: Sendable, Hashable {
    /// How a figure is kept.
    public enum Kind: Sendable, Hashable {
        /// A count that only goes up (a name ending in `_total`).
        case counter
        /// A value that goes up and down, or is set when read.
        case gauge
        /// Durations, counted into these upper bounds (in seconds in the exposition).
        case durationHistogram([Duration])
        /// Plain values, counted into these upper bounds.
        case valueHistogram([Double])
    }

    /// The Prometheus name: `moments_` first, `_total` for a counter, `_seconds` for durations.
    public let name: String
    /// The `# HELP` line: what the figure counts, in an operator's words.
    public let help: String
    /// How it is kept.
    public let kind: Kind

    /// A figure called `name`, explained by `help`, kept as `kind`.
    public init(_ name: String, _ kind: Kind, help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }
}

extension SyncMetrics {
    /// The bounds of every latency histogram: from 100 µs (a commit on a fast disk, a push
    /// to a handful of streams) to 1 s, about three a decade, so a p99 reads to within a
    /// bucket anywhere in that range.
    public static let latencyBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1),
    ]
    /// The change feed's bounds: the latency ones and a few seconds more, since a lost
    /// notification waits for the feed's poll (a second) and an outage longer still.
    public static let feedLagBuckets: [Duration] = latencyBuckets + [.milliseconds(2_500), .seconds(5), .seconds(10)]
    /// The bounds of the batch-size histogram: powers of two up to a thousand requests.
    public static let batchBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1_024]

    /// Every figure a server reports. Documentation/Deploying.md says which to alert on.
    public static let catalog: [MetricDefinition] = [
        MetricDefinition(
            Names.intents, .counter,
            help: "Intents answered, by outcome: applied, replayed (a retry given its first answer), refused (by the "
                + "rules; reason is the refusal's code), stale_version (412: based on a version that moved on) or "
                + "failed (reason is the error's code)."),
    ] + latencies.map { MetricDefinition($0.name, .durationHistogram(latencyBuckets), help: $0.help) } + [
        MetricDefinition(
            Names.batchSize, .valueHistogram(batchBuckets),
            help: "Requests made durable by one group commit (intents, creations and clock rules)."),
        MetricDefinition(
            Names.writeConflicts, .counter,
            help: "Writes the storage refused because another server moved the activity first; each is decided again."),
        MetricDefinition(Names.openStreams, .gauge, help: "Event streams open on this server (activities' and sessions')."),
        MetricDefinition(
            Names.activeActivities, .gauge,
            help: "Activities that have not ended (running, paused or stale), in the whole storage, counted at each scrape."),
        MetricDefinition(
            Names.storageErrors, .counter,
            help: "Storage operations that failed, by operation: commit (nothing was applied, or the outcome is unknown) or read."),
        MetricDefinition(
            Names.keyRefusals, .counter,
            help: "Requests a server that requires keys refused, by status: 401 (no key, or unknown or revoked), "
                + "404 (a token that is not the activity's, answered as for no such activity) or 429 (past a key's limit)."),
        MetricDefinition(
            Names.changeFeedLag, .durationHistogram(feedLagBuckets),
            help: "PostgreSQL only: seconds from a change's transaction to this server reading it from the change log, "
                + "by the database's clock."),
    ]

    /// The latencies, each a histogram over ``latencyBuckets``.
    private static let latencies: [(name: String, help: String)] = [
        (Names.intentToCommit, "Seconds from an intent reaching the server to its answer being durable (its group commit done)."),
        (
            Names.commitToPush,
            "Seconds from a group commit being durable to its changes handed to every event stream of this server."
        ),
        (
            Names.commitDuration,
            "Seconds from handing one group commit to the storage to its being durable (fsync, or a PostgreSQL transaction), a wait behind the batch before it included."
        ),
    ]

    /// The names of ``catalog``'s figures.
    public enum Names {
        /// Intents by outcome.
        public static let intents = "moments_intents_total"
        /// Intent to durable answer.
        public static let intentToCommit = "moments_intent_commit_seconds"
        /// Durable commit to pushes handed out.
        public static let commitToPush = "moments_commit_push_seconds"
        /// One group commit in the storage.
        public static let commitDuration = "moments_storage_commit_seconds"
        /// Requests per group commit.
        public static let batchSize = "moments_commit_batch_size"
        /// Conditional writes lost to another server.
        public static let writeConflicts = "moments_write_conflicts_total"
        /// Open event streams.
        public static let openStreams = "moments_event_streams_open"
        /// Activities not ended.
        public static let activeActivities = "moments_activities_active"
        /// Failed storage operations.
        public static let storageErrors = "moments_storage_errors_total"
        /// Refusals at a keyed server's door.
        public static let keyRefusals = "moments_key_refusals_total"
        /// PostgreSQL's change-feed lag.
        public static let changeFeedLag = "moments_change_feed_lag_seconds"
    }
}
