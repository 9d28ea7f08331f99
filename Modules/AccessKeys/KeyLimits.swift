/// What one person's access key may use of a shared server (`moments serve --require-keys`), so
/// that nobody can crowd the others out: past a limit the server answers 429 with
/// `Retry-After`, and changes nothing.
public struct KeyLimits: Hashable, Sendable {
    /// How many activities a key may have that have not ended.
    public var liveActivities: Int
    /// How many requests a key may make each second (its activities' requests count
    /// against it too), with bursts of as many.
    public var requestsPerSecond: Int
    /// How many event streams a key's activities may have open at once; a key's streams
    /// following others' group sits count too.
    public var streams: Int
    /// How many followers' streams one group sit may have open on this server (ADR 0072),
    /// so that one sit cannot take every connection the server has.
    public var followersPerSit: Int
    /// How many group sits a key may lead whose codes still let followers in (open
    /// channels), among its live activities.
    public var groupSits: Int

    /// Limits a person sitting a few sessions from a few terminals never meets.
    public init(
        liveActivities: Int = 10, requestsPerSecond: Int = 20, streams: Int = 16, followersPerSit: Int = 20_000,
        groupSits: Int = 3
    ) {
        self.liveActivities = max(1, liveActivities)
        self.requestsPerSecond = max(1, requestsPerSecond)
        self.streams = max(1, streams)
        self.followersPerSit = max(1, followersPerSit)
        self.groupSits = max(1, groupSits)
    }
}

/// One key's allowance of requests: a token bucket that holds up to a second's worth and
/// refills continuously, so a steady client is never refused and a flood is.
struct RequestBucket: Sendable {
    private var tokens: Double
    private var refilledAt: ContinuousClock.Instant

    init(capacity: Int, at now: ContinuousClock.Instant) {
        tokens = Double(capacity)
        refilledAt = now
    }

    /// Takes one request's token; when there is none, answers how many whole seconds until
    /// there will be (at least 1), and takes nothing.
    mutating func take(rate: Int, at now: ContinuousClock.Instant) -> Int? {
        let elapsed = now - refilledAt
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(Double(rate), tokens + seconds * Double(rate))
        refilledAt = now
        guard tokens >= 1 else { return max(1, Int(((1 - tokens) / Double(rate)).rounded(.up))) }
        tokens -= 1
        return nil
    }
}
