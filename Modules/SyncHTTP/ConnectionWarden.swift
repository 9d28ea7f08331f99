import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Puts a ``ConnectionWarden`` on a new connection, where it sees whole HTTP/1 parts
/// (between NIO's decoder and Hummingbird's codec), then takes itself out of the pipeline:
/// a pass-through left in it cost every read of every request a handler's call.
final class WardenInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    private let limits: ConnectionLimits
    private let connections: OpenConnections
    private let logger: Logger

    /// Installs a warden with `limits` for `connections`.
    init(limits: ConnectionLimits, connections: OpenConnections, logger: Logger) {
        self.limits = limits
        self.connections = connections
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let warden = ConnectionWarden(limits: limits, connections: connections, logger: logger)
        let pipeline = context.pipeline.syncOperations
        if let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self) {
            try? pipeline.addHandler(warden, position: .after(decoder.handler))
        } else {
            // Not an HTTP/1 pipeline as expected: at least the shutdown can close it.
            connections.add(context.channel)
        }
        pipeline.removeHandler(context: context, promise: nil)
    }
}

/// The deadlines of one connection: a whole request within ``ConnectionLimits/requestTimeout``,
/// an answer never unable to write for longer than ``ConnectionLimits/stallTimeout``; and
/// a bounded send buffer. Registers the connection with ``OpenConnections``.
///
/// It also writes the events of the connection's ``eventStream`` as parts of its
/// response's body, down the pipeline through NIO's HTTP/1 encoder (which frames them as
/// chunks), and flushes them once per hand-over of a push to its event loop
/// (``LoopWrites``), however many events that hand-over brought.
final class ConnectionWarden: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private let connections: OpenConnections
    private let logger: Logger
    /// When the connection must have sent a whole request by, while it is waiting for one
    /// (for its first byte, or for the rest of one begun); `nil` while it is answered.
    private var requestDeadline: NIODeadline?
    /// What the connection is waiting for, for the log line when the deadline passes.
    private var waitingFor = ""
    /// The one timer that checks ``requestDeadline``: armed when a wait begins and none is,
    /// and again for the rest of the wait when it fires early. A request sets and clears
    /// the deadline without scheduling and cancelling a task of NIO's each time (two of
    /// each a request, before: a task, a promise, and a search of the loop's timers).
    private var requestCheck: Scheduled<Void>?
    private var stallDeadline: Scheduled<Void>?
    private var readingRequest = false
    private var answering = 0
    private var started = false
    private(set) var context: ChannelHandlerContext?
    /// The event stream this connection carries now, whose events ``writeEvent(_:)`` writes.
    var eventStream: EventStream?
    /// Whether events were written since the last ``flushEvents()``.
    private var unflushed = false
    /// Whether the client has shut its side of the connection.
    private(set) var inputClosed = false

    init(limits: ConnectionLimits, connections: OpenConnections, logger: Logger) {
        self.limits = limits
        self.connections = connections
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        connections.add(context.channel)
        if let options = context.channel.syncOptions {
            try? options.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(limits.sendBufferBytes))
            // NIO's own buffer before the socket: writes stop (and a stall is timed) past it.
            try? options.setOption(
                ChannelOptions.writeBufferWaterMark,
                value: .init(low: limits.sendBufferBytes / 2, high: limits.sendBufferBytes))
        }
        if context.channel.isActive { start(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        cancelDeadlines()
        connections.remove(context.channel)
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadlines()
        connections.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            connections.setIdle(context.channel, false)
            armRequestDeadline(context, waitingFor: "the request's body")
        case .body:
            break
        case .end:
            readingRequest = false
            answering += 1
            requestDeadline = nil
        }
        context.fireChannelRead(data)
    }

    /// A client that shuts its side of an event stream's connection has gone: the
    /// connection closes, which ends the stream and gives back its subscription at once.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            if eventStream != nil { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head, .body:
            break
        case .end:
            answering = max(0, answering - 1)
            if answering == 0, !readingRequest { waitForRequest(context) }
        }
        context.write(data, promise: promise)
    }

    /// Writes one event of the connection's ``eventStream`` as a part of its response's
    /// body (the response's head went before it), to be flushed by ``flushEvents()``.
    /// `true` when it is the first since the last flush: the caller flushes it then.
    func writeEvent(_ frame: EventFrame) -> Bool {
        guard let context else { return false }
        context.write(wrapOutboundOut(.body(.byteBuffer(frame.bytes))), promise: nil)
        defer { unflushed = true }
        return !unflushed
    }

    /// Flushes the events written since the last flush.
    func flushEvents() {
        guard unflushed else { return }
        unflushed = false
        context?.flush()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stallDeadline?.cancel()
            stallDeadline = nil
        } else if stallDeadline == nil {
            let (logger, timeout) = (logger, limits.stallTimeout)
            let channel = context.channel
            stallDeadline = context.eventLoop.scheduleTask(in: Self.amount(timeout)) {
                guard !channel.isWritable else { return }
                logger.info(
                    "closing a connection whose reader took nothing for \(timeout) (a stalled watcher reconnects to the newest state)",
                    metadata: ["peer": "\(channel.remoteAddress.map { "\($0)" } ?? "?")"])
                channel.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        waitForRequest(context)
    }

    private func waitForRequest(_ context: ChannelHandlerContext) {
        connections.setIdle(context.channel, true)
        armRequestDeadline(context, waitingFor: "a request")
    }

    private func armRequestDeadline(_ context: ChannelHandlerContext, waitingFor what: String) {
        let deadline = NIODeadline.now() + Self.amount(limits.requestTimeout)
        requestDeadline = deadline
        waitingFor = what
        if requestCheck == nil { checkRequestDeadline(at: deadline, on: context.eventLoop) }
    }

    /// Schedules the check of ``requestDeadline`` at `time`: past it, the connection
    /// closes; before it (a later wait moved it), the check is scheduled again for then.
    ///
    /// The check holds the warden strongly, not weakly: a weak reference gives an object a
    /// side table for good, and every retain and release of the warden (one a request, and
    /// one for each event a stream writes) then takes the runtime's slow path, which showed
    /// in a fan-out's profile (Documentation/Benchmarks.md). The check is cancelled when
    /// the handler is removed or the channel goes inactive, and it runs by the deadline at
    /// the latest, so it keeps the warden no longer than that.
    private func checkRequestDeadline(at time: NIODeadline, on loop: any EventLoop) {
        requestCheck = loop.assumeIsolated().scheduleTask(deadline: time) { [self] in
            requestCheck = nil
            guard let deadline = requestDeadline, let channel = context?.channel else { return }
            guard deadline <= .now() else { return checkRequestDeadline(at: deadline, on: loop) }
            logger.debug(
                "closing a connection that sent no whole request in \(limits.requestTimeout) (waiting for \(waitingFor))")
            channel.close(promise: nil)
        }
    }

    private func cancelDeadlines() {
        requestCheck?.cancel()
        requestCheck = nil
        requestDeadline = nil
        stallDeadline?.cancel()
        stallDeadline = nil
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}

/// Accepts connections up to ``ConnectionLimits/maximumConnections`` and says so, once a
/// minute at most, when it reaches it: it then closes the connection that has waited
/// longest for a request to make room, and new connections wait in the listen queue until
/// one closes, rather than the server running out of descriptors.
struct ConnectionAllowance: AvailableConnectionsDelegate {
    private let maximum: Int
    private let logger: Logger
    private let connections: OpenConnections
    private var open = 0
    private let lastWarned = WarningTimes()

    init(maximum: Int, connections: OpenConnections, logger: Logger) {
        self.maximum = maximum
        self.connections = connections
        self.logger = logger
    }

    mutating func connectionOpened() { open += 1 }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool {
        guard open >= maximum else { return true }
        // Its close frees a slot, and accepting resumes then.
        connections.closeLongestIdle()
        let now = ContinuousClock.now
        let warn = lastWarned.last.withLock { last in
            guard last.map({ now - $0 >= .seconds(60) }) ?? true else { return false }
            last = now
            return true
        }
        if warn {
            logger.warning(
                "\(open) connections open, the most this server takes (its descriptor limit less \(ConnectionLimits.reservedDescriptors)): the longest idle are closed to make room, and new ones wait until one closes")
        }
        return false
    }
}

/// When the allowance last warned; shared by its copies.
private final class WarningTimes: Sendable {
    let last = Mutex<ContinuousClock.Instant?>(nil)
}
