import NIOCore
import Synchronization

/// Every open connection of one HTTP server, so that a shutdown can close the ones that
/// would never finish by themselves: a watcher that stopped reading (its write never
/// completes), a half-open connection, a body that never ends.
final class OpenConnections: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any NIOCore.Channel] = [:]
        /// The connections waiting for a request (idle keep-alives, silent ones, half-sent
        /// headers), and since when: the ones to close first when no slot is left.
        var idleSince: [ObjectIdentifier: ContinuousClock.Instant] = [:]
        var closing = false
    }

    private let state = Mutex(State())
    /// Gives a closed burst's memory back to the system.
    let memory = MemoryGiveBack()

    /// Counts `channel` open; closes it at once when the server is already closing.
    func add(_ channel: any NIOCore.Channel) {
        let (closing, count) = state.withLock { state in
            if !state.closing { state.channels[ObjectIdentifier(channel)] = channel }
            return (state.closing, state.channels.count)
        }
        memory.noteOpen(count)
        if closing { channel.close(promise: nil) }
    }

    /// Forgets a closed channel.
    func remove(_ channel: any NIOCore.Channel) {
        let count = state.withLock { state in
            state.channels[ObjectIdentifier(channel)] = nil
            state.idleSince[ObjectIdentifier(channel)] = nil
            return state.channels.count
        }
        memory.noteOpen(count)
    }

    /// Notes that `channel` waits for a request (`true`) or has one under way (`false`).
    func setIdle(_ channel: any NIOCore.Channel, _ idle: Bool) {
        let now = ContinuousClock.now
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            guard state.channels[key] != nil else { return }
            state.idleSince[key] = idle ? (state.idleSince[key] ?? now) : nil
        }
    }

    /// Closes the connection that has waited longest for a request, to make room for a new
    /// one when no slot is left: a crowd of silent connections cannot keep out a client
    /// with something to ask (`/healthz`, an intent). Answers whether there was one.
    @discardableResult
    func closeLongestIdle() -> Bool {
        let oldest = state.withLock { state -> (any NIOCore.Channel)? in
            guard let key = state.idleSince.min(by: { $0.value < $1.value })?.key else { return nil }
            state.idleSince[key] = nil
            return state.channels[key]
        }
        oldest?.close(promise: nil)
        return oldest != nil
    }

    /// How many connections are open.
    var count: Int { state.withLock { $0.channels.count } }

    /// Asks every open connection to close once its answer under way is written (NIO's
    /// quiesce event, which Hummingbird's HTTP/1 channel obeys): what Hummingbird's own
    /// server does at a graceful shutdown, for ``BoundSocketListener``.
    func quiesceAll() {
        for channel in state.withLock({ Array($0.channels.values) }) {
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    /// Closes every connection still open, and every one opened from now on: one that
    /// cannot be written to (its reader stopped) after `stalled`, the others after
    /// `others`. What a graceful shutdown could finish has had its time.
    func closeAll(stalledAfter stalled: Duration, othersAfter others: Duration) {
        let open = state.withLock { state in
            state.closing = true
            return Array(state.channels.values)
        }
        for channel in open {
            let grace = channel.isWritable ? others : stalled
            let nanoseconds = grace.components.seconds * 1_000_000_000 + grace.components.attoseconds / 1_000_000_000
            channel.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { channel.close(promise: nil) }
        }
    }
}
