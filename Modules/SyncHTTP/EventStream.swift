import Hummingbird
import NIOCore
import NIOHTTP1
import SyncAuthority
import SyncProtocol
import Synchronization

/// The request context of the sync routes: Hummingbird's basic one, and the connection's
/// channel, which an event stream writes to directly (``EventStream``).
struct SyncRequestContext: RequestContext {
    /// Hummingbird's part of the context.
    var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any NIOCore.Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

/// One event stream (`text/event-stream`) of a connection, written straight to the
/// connection's channel on its event loop: a push reaches a thousand subscribers without
/// a task, a stream or an asynchronous writer per subscriber in between (issue #25, item 2).
///
/// The response's head and its end go through Hummingbird as any response's do; the
/// events between them are written by the connection's ``ConnectionWarden`` down the
/// channel's pipeline, through NIO's HTTP/1 encoder, and flushed once per hand-over to the
/// event loop (``LoopWrites``). Until the head is written (``run()``), events wait here.
///
/// A stream ends when its source finishes (the dismissal, a shutdown), when the client
/// goes (its connection closes or its side of it is shut), or when the client reads so
/// slowly that ``ServerSentEvents/backlog`` events wait for it: then the connection is
/// closed, and the client reconnects with `Last-Event-ID` to the newest state rather than
/// the server holding ever more for it or silently skipping changes.
final class EventStream: GroupedSubscriber {
    /// How a stream ended.
    enum Ending: Sendable {
        /// Its source finished: the response ends properly.
        case finished
        /// The connection closed, or is being closed.
        case closed
    }

    /// What is written, in the order it was sent.
    enum Item: Sendable {
        case frame(EventFrame)
        case end
    }

    private enum State {
        /// The head is not written yet: the frames sent so far, and whether the end was.
        case waiting(frames: [EventFrame], ended: Bool)
        /// Writing through the warden; how many frames were written while the connection
        /// could not take more.
        case live(ConnectionWarden, behind: Int)
        case ended
    }

    private struct Waiting {
        var continuation: CheckedContinuation<Ending, Never>?
        var ending: Ending?
        var onEnd: [@Sendable () -> Void] = []
    }

    /// The connection.
    let channel: any NIOCore.Channel
    /// What is to be written on the connection's event loop, this stream's writes among them.
    let writes: LoopWrites
    /// Where the events of pushes are encoded, once for every stream.
    let pushes: EncodedPushes
    private let state: NIOLoopBoundBox<State>
    private let waiting = Mutex(Waiting())
    private let over = Atomic<Bool>(false)

    /// A stream on `channel`, written through `writes` (the server's writes of the
    /// channel's loop), its pushes' events encoded by `pushes`.
    init(channel: any NIOCore.Channel, writes: EventLoopWrites, pushes: EncodedPushes) {
        self.channel = channel
        self.writes = writes.on(channel.eventLoop)
        self.pushes = pushes
        state = .makeBoxSendingValue(.waiting(frames: [], ended: false), eventLoop: channel.eventLoop)
        channel.closeFuture.whenComplete { [self] _ in end(.closed) }
    }

    /// Adds what runs once when the stream ends, however it ends (before or after its
    /// response was written, or never written because the connection went first); runs it
    /// at once if the stream has ended already.
    func onEnd(_ action: @escaping @Sendable () -> Void) {
        let ended = waiting.withLock { waiting -> Bool in
            guard waiting.ending == nil else { return true }
            waiting.onEnd.append(action)
            return false
        }
        if ended { action() }
    }

    /// Whether the stream has ended.
    var isOver: Bool { over.load(ordering: .relaxed) }

    /// Sends one event's bytes (or a heartbeat's), after everything sent before.
    func send(_ frame: EventFrame) {
        guard !isOver else { return }
        writes.enqueue(self, .frame(frame))
    }

    /// Ends the stream once everything sent before is written.
    func finish() {
        guard !isOver else { return }
        writes.enqueue(self, .end)
    }

    /// Sends the event of `snapshot` (``EncodedPushes/frame(_:)``) to this stream alone.
    func push(_ snapshot: ActivitySnapshot) {
        send(pushes.frame(snapshot))
    }

    /// The writes of its loop, which take a push for all of that loop's streams at once.
    var group: any SubscriberGroup { writes }

    /// A sink of server pushes that sends each as its event.
    var sink: Broadcast<ActivitySnapshot>.Sink {
        Broadcast.Sink(yield: { [self] in push($0) }, finish: { [self] in finish() })
    }

    /// Writes the events once the response's head is written (call it from the response's
    /// body), and waits until the stream ends.
    func run() async -> Ending {
        await withCheckedContinuation { continuation in
            let ended = waiting.withLock { waiting -> Ending? in
                if let ending = waiting.ending { return ending }
                waiting.continuation = continuation
                return nil
            }
            if let ended {
                continuation.resume(returning: ended)
                return
            }
            channel.eventLoop.execute { [self] in begin() }
        }
    }

    // MARK: - On the event loop

    /// Takes an item in the order it was sent; the warden of an event written is added to
    /// `unflushed` the first time it writes since its last flush.
    fileprivate func deliver(_ item: Item, unflushed: inout [ConnectionWarden]) {
        switch state.value {
        case .waiting(var frames, let ended):
            guard !ended else { return }
            switch item {
            case .frame(let frame):
                frames.append(frame)
                if frames.count > ServerSentEvents.backlog {
                    fallBehind()
                } else {
                    state.value = .waiting(frames: frames, ended: false)
                }
            case .end:
                state.value = .waiting(frames: frames, ended: true)
            }
        case .live(let warden, let behind):
            switch item {
            case .frame(let frame):
                let behind = channel.isWritable ? 0 : behind + 1
                guard behind <= ServerSentEvents.backlog else { return fallBehind() }
                state.value = .live(warden, behind: behind)
                if warden.writeEvent(frame) { unflushed.append(warden) }
            case .end:
                end(.finished)
            }
        case .ended:
            return
        }
    }

    /// The head is written: the events waiting go out, and the rest as they come.
    private func begin() {
        guard case .waiting(let frames, let ended) = state.value else { return }
        // A client that shut its side before the head went out has gone already.
        guard channel.isActive, let warden = try? channel.pipeline.syncOperations.handler(type: ConnectionWarden.self),
            !warden.inputClosed
        else {
            end(.closed)
            channel.close(promise: nil)
            return
        }
        warden.eventStream = self
        state.value = .live(warden, behind: 0)
        for frame in frames { _ = warden.writeEvent(frame) }
        warden.flushEvents()
        if ended { end(.finished) }
    }

    /// The client is that far behind: its connection closes.
    private func fallBehind() {
        end(.closed)
        channel.close(promise: nil)
    }

    /// Ends the stream, once: the response's body stops waiting, and what was to run at its
    /// end runs.
    fileprivate func end(_ ending: Ending) {
        if case .live(let warden, _) = state.value, warden.eventStream === self { warden.eventStream = nil }
        state.value = .ended
        guard !over.exchange(true, ordering: .relaxed) else { return }
        let (continuation, onEnd) = waiting.withLock { waiting in
            waiting.ending = ending
            defer { (waiting.continuation, waiting.onEnd) = (nil, []) }
            return (waiting.continuation, waiting.onEnd)
        }
        continuation?.resume(returning: ending)
        for action in onEnd { action() }
    }
}

/// What is to be written on one event loop, by one job there: a push to a thousand
/// streams on this loop is one hop onto it, not one per stream, with a copy of its bytes
/// of this loop's own, whose reference count only this loop's thread touches
/// (``EventFrame/copied()``, ADR 0055).
final class LoopWrites: SubscriberGroup {
    private enum Write {
        /// An item of one stream's.
        case one(EventStream, EventStream.Item)
        /// One event for several streams (``push(_:to:)``).
        case frame(EventFrame, to: [EventStream])
    }

    private struct Pending {
        var writes: [Write] = []
        var scheduled = false
    }

    private let loop: any EventLoop
    private let pending = Mutex(Pending())


    fileprivate init(on loop: any EventLoop) {
        self.loop = loop
    }

    /// Queues `item` for `stream`.
    func enqueue(_ stream: EventStream, _ item: EventStream.Item) {
        enqueue(.one(stream, item))
    }

    /// Queues the event of `snapshot`, encoded once for all of them, for each of `members`,
    /// every one of them a stream on this loop: after everything queued for each before.
    func push(_ snapshot: ActivitySnapshot, to members: [any GroupedSubscriber]) {
        let streams = members.compactMap { $0 as? EventStream }
        guard let first = streams.first else { return }
        enqueue(.frame(first.pushes.frame(snapshot).copied(), to: streams))
    }

    /// The first write queued since the last job schedules one.
    private func enqueue(_ write: Write) {
        let schedule = pending.withLock { pending in
            pending.writes.append(write)
            defer { pending.scheduled = true }
            return !pending.scheduled
        }
        if schedule { loop.execute { [self] in drain() } }
    }

    private func drain() {
        let writes = pending.withLock { pending in
            defer { pending = Pending() }
            return pending.writes
        }
        var unflushed: [ConnectionWarden] = []
        for write in writes {
            switch write {
            case .one(let stream, let item):
                stream.deliver(item, unflushed: &unflushed)
            case .frame(let frame, let streams):
                let item = EventStream.Item.frame(frame)
                for stream in streams where !stream.isOver { stream.deliver(item, unflushed: &unflushed) }
            }
        }
        // One flush per connection for everything this hand-over brought it.
        for warden in unflushed { warden.flushEvents() }
    }
}

/// The writes of each event loop one HTTP server's event streams are on: one entry per
/// loop of the server's event loop group, made at the first stream on it.
final class EventLoopWrites: Sendable {
    private let byLoop = Mutex<[ObjectIdentifier: LoopWrites]>([:])

    init() {}

    /// The writes of `loop`.
    func on(_ loop: any EventLoop) -> LoopWrites {
        byLoop.withLock { byLoop in
            if let writes = byLoop[ObjectIdentifier(loop)] { return writes }
            let writes = LoopWrites(on: loop)
            byLoop[ObjectIdentifier(loop)] = writes
            return writes
        }
    }
}
