import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Server-sent events: each snapshot as one event, encoded once per activity and version
/// however many subscribers receive it (``EncodedPushes/frame(_:)``), and a comment line as
/// a heartbeat (``Heartbeats``).
enum ServerSentEvents {
    /// How many frames an event stream holds for a reader that takes them more slowly
    /// than they come (``EventStream``); past it the stream ends (the reader reconnects to
    /// the newest state).
    static let backlog = 256

    /// The heartbeat comment.
    static let heartbeatFrame = EventFrame(ByteBuffer(string: ": heartbeat\n\n"))
}

/// One event's bytes, made once for every stream that sends it; NIO's HTTP/1 encoder
/// frames them as a chunk of each stream's body.
struct EventFrame: Sendable {
    /// The event, as `text/event-stream` has it.
    let bytes: ByteBuffer

    /// The frame of `bytes`.
    init(_ bytes: ByteBuffer) {
        self.bytes = bytes
    }

    /// The same bytes in a buffer of its own, for the writes of one event loop: a buffer
    /// that every thread retains and releases for each of its writes makes its reference
    /// count a cache line the cores take from each other (``LoopWrites/push(_:to:)``).
    func copied() -> EventFrame {
        EventFrame(ByteBuffer(bytes: bytes.readableBytesView))
    }
}

/// The heartbeat of every open event stream, from one timer: a comment line each interval,
/// so a client can tell a quiet stream from a dead server, without a sleeping task per
/// subscriber. A stream is forgotten as soon as it ends: it holds its connection, whose
/// memory a burst of closing streams gives back at once (``MemoryGiveBack``).
final class Heartbeats: Sendable {
    private let streams = Mutex<[ObjectIdentifier: EventStream]>([:])

    /// Beats into `stream` until it ends.
    func add(_ stream: EventStream) {
        let key = ObjectIdentifier(stream)
        streams.withLock { $0[key] = stream }
        stream.onEnd { [weak self] in self?.streams.withLock { _ = $0.removeValue(forKey: key) } }
    }

    /// Sends one heartbeat comment to every open stream.
    func beat() {
        for stream in streams.withLock({ Array($0.values) }) { stream.send(ServerSentEvents.heartbeatFrame) }
    }
}

/// Runs ``Heartbeats`` every `interval` until a graceful shutdown or cancellation.
///
/// The beats are an event loop's repeated timer, not a task on Swift's pool: a pool kept
/// busy by other work (a process running many things on two cores) once held a task's
/// beats back for three seconds, past a client's read timeout, and the client took the
/// server for gone. An event loop's thread is its own.
struct HeartbeatService: Service {
    let heartbeats: Heartbeats
    let interval: Duration
    /// The loop whose timer beats: one of NIO's shared loops, which serve the connections.
    var loop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()

    func run() async throws {
        let every = ConnectionWarden.amount(interval)
        let beats = loop.scheduleRepeatedTask(initialDelay: every, delay: every) { [heartbeats] _ in heartbeats.beat() }
        // Until a graceful shutdown begins, or the service is cancelled (which throws).
        try? await gracefulShutdown()
        beats.cancel()
    }
}
