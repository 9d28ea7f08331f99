import Dispatch
import Synchronization
import Threads

/// A connection to a message bus: authenticated, said hello to, and read by a thread of
/// its own, so no thread of Swift's cooperative pool ever waits on the socket.
///
/// Calls are matched to their replies by serial; signals that match a rule added with
/// ``addMatch(_:)`` arrive on ``signals``; calls made to the objects it serves
/// (``export(_:at:)``) are answered as they arrive. Closing it (or the bus going away) ends the
/// signals and fails every call still waiting with ``DBusError/disconnected``.
public final class DBusConnection: Sendable {
    private struct State {
        var nextSerial: UInt32 = 1
        var waiting: [UInt32: CheckedContinuation<Result<DBusMessage, DBusError>, Never>] = [:]
        var closed = false
        var monitoring = false
        var uniqueName = ""
    }

    private let socket: BusSocket
    private let state = Mutex(State())
    /// Serialises writes, so two messages never interleave on the socket.
    private let writing = Mutex(())
    private let signalSink: AsyncStream<DBusMessage>.Continuation
    /// The objects this connection serves (``export(_:at:)``).
    private let exported = ExportedObjects()
    /// The signals delivered to this connection, in the order the bus sent them; for a
    /// monitor (``becomeMonitor(_:)``), every message it sees.
    public let signals: AsyncStream<DBusMessage>

    private init(socket: BusSocket) {
        self.socket = socket
        (signals, signalSink) = AsyncStream.makeStream(of: DBusMessage.self, bufferingPolicy: .bufferingNewest(256))
    }

    /// A connection to the session bus named by `environment`'s `DBUS_SESSION_BUS_ADDRESS`.
    public static func session(environment: [String: String]) async throws(DBusError) -> DBusConnection {
        try await connect(to: BusAddress.session(in: environment))
    }

    /// A connection to the first of `addresses` that accepts, authenticated and registered
    /// on the bus (its `Hello` answered with a unique name).
    public static func connect(to addresses: [BusAddress]) async throws(DBusError) -> DBusConnection {
        let opened: Result<(BusSocket, [UInt8]), DBusError> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { () throws(DBusError) in
                    let socket = try BusSocket.connect(addresses)
                    return (socket, try SASL.authenticate(socket))
                })
            }
        }
        let (socket, leftover) = try opened.get()
        let connection = DBusConnection(socket: socket)
        connection.startReading(after: leftover)
        do {
            let hello = try await connection.call(
                .methodCall(
                    destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: "Hello"))
            let name = hello.body.first?.text ?? ""
            connection.state.withLock { $0.uniqueName = name }
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// The name the bus gave this connection (`:1.42`).
    public var uniqueName: String { state.withLock { $0.uniqueName } }

    /// Sends `message` and waits for its reply; a D-Bus error reply is thrown as
    /// ``DBusError/remote(name:message:)``.
    public func call(_ message: DBusMessage) async throws(DBusError) -> DBusMessage {
        var message = message
        message.flags.remove(.noReplyExpected)
        let outgoing = message
        let result: Result<DBusMessage, DBusError> = await withCheckedContinuation { continuation in
            let serial: UInt32? = state.withLock { state in
                guard !state.closed else { return nil }
                let serial = state.nextSerial
                state.nextSerial &+= 1
                if state.nextSerial == 0 { state.nextSerial = 1 }
                state.waiting[serial] = continuation
                return serial
            }
            guard let serial else { return continuation.resume(returning: .failure(.disconnected)) }
            do throws(DBusError) {
                try write(outgoing, serial: serial)
            } catch {
                if let waiting = state.withLock({ $0.waiting.removeValue(forKey: serial) }) {
                    waiting.resume(returning: .failure(error))
                }
            }
        }
        let reply = try result.get()
        if reply.kind == .error {
            throw .remote(name: reply.errorName ?? "org.freedesktop.DBus.Error.Failed", message: reply.body.first?.text ?? "")
        }
        return reply
    }

    /// Sends `message` expecting no reply: a signal, or a call flagged so.
    public func send(_ message: DBusMessage) throws(DBusError) {
        let serial: UInt32? = state.withLock { state in
            guard !state.closed else { return nil }
            defer { state.nextSerial = state.nextSerial &+ 1 == 0 ? 1 : state.nextSerial &+ 1 }
            return state.nextSerial
        }
        guard let serial else { throw .disconnected }
        try write(message, serial: serial)
    }

    /// Asks the bus to deliver the signals matching `rule`
    /// (`type='signal',interface='org.freedesktop.Notifications'`).
    public func addMatch(_ rule: String) async throws(DBusError) {
        _ = try await call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch", body: [.string(rule)]))
    }

    /// Makes this connection a monitor of the bus (`org.freedesktop.DBus.Monitoring`):
    /// from now on ``signals`` carries every message matching `rules` that anyone sends,
    /// calls and replies included, and this connection sends nothing more. What tests and
    /// debugging read the bus with, as `dbus-monitor` does.
    public func becomeMonitor(_ rules: [String]) async throws(DBusError) {
        state.withLock { $0.monitoring = true }
        _ = try await call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus.Monitoring", member: "BecomeMonitor",
                body: [.strings(rules), .uint32(0)]))
    }

    /// Serves `interfaces` at object path `path` (in place of what was served there):
    /// from now on a call to one of their methods, or to the bus's standard
    /// `Properties`, `Introspectable` and `Peer` interfaces at that path, is answered as it
    /// arrives, on the connection's reader thread.
    public func export(_ interfaces: [DBusInterface], at path: String) {
        exported.export(interfaces, at: path)
    }

    /// Serves nothing more at `path`: calls to it are answered `UnknownObject`.
    public func unexport(_ path: String) {
        exported.unexport(path)
    }

    /// Asks the bus for the well-known `name` (`org.mpris.MediaPlayer2.moments`), without
    /// queueing for it: `true` when this connection owns it now, `false` when another does.
    public func requestName(_ name: String) async throws(DBusError) -> Bool {
        let reply = try await call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "RequestName", body: [.string(name), .uint32(4)]))  // DBUS_NAME_FLAG_DO_NOT_QUEUE
        // 1: the primary owner now; 4: it already was. 3 (exists) with do-not-queue: not ours.
        return [1, 4].contains(reply.body.first?.uint32)
    }

    /// Gives a well-known name back to the bus; nothing when this connection does not own it.
    public func releaseName(_ name: String) async {
        _ = try? await call(
            .methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "ReleaseName", body: [.string(name)]))
    }

    /// Emits `PropertiesChanged` for `changed` properties of `interface` at `path`.
    public func emitPropertiesChanged(
        path: String, interface: String, changed: [(String, DBusValue)], invalidated: [String] = []
    ) throws(DBusError) {
        try send(.propertiesChanged(path: path, interface: interface, changed: changed, invalidated: invalidated))
    }

    /// Closes the connection: the reader ends, waiting calls fail, the signals finish.
    public func close() {
        socket.shutDown()
        finish()
    }

    private func write(_ message: DBusMessage, serial: UInt32) throws(DBusError) {
        let bytes = try message.encoded(serial: serial)
        try writing.withLock { _ throws(DBusError) in try socket.write(bytes) }
    }

    /// Reads messages on a thread of its own (a `DedicatedThread`: a reader blocked in
    /// `recv` must not hold a thread of the pool every task waits for) until the socket
    /// ends, handing each reply to its call and each signal to ``signals``.
    private func startReading(after leftover: [UInt8]) {
        let read: @Sendable () -> Void = { [self] in
            var buffer = leftover
            reading: while true {
                while let length = try? DBusMessage.length(ofPrefix: buffer), buffer.count >= length {
                    let frame = Array(buffer[..<length])
                    buffer.removeFirst(length)
                    guard let message = try? DBusMessage.decode(frame) else { break reading }
                    deliver(message)
                }
                if (try? DBusMessage.length(ofPrefix: buffer)) == nil, buffer.count >= 16 { break }
                let chunk = socket.read()
                if chunk.isEmpty { break }
                buffer += chunk
            }
            finish()
        }
        // No thread to be had (the process is at its limit): a blocked Dispatch thread is
        // still better than no reader at all.
        if !DedicatedThread.start(read) { DispatchQueue.global(qos: .userInitiated).async(execute: read) }
    }

    private func deliver(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            let (waiting, monitoring) = state.withLock { state in
                (message.replySerial.flatMap { state.waiting.removeValue(forKey: $0) }, state.monitoring)
            }
            if let waiting {
                waiting.resume(returning: .success(message))
            } else if monitoring {
                signalSink.yield(message)
            }
        case .signal:
            signalSink.yield(message)
        case .methodCall:
            // A monitor sees everyone's calls and answers none.
            if state.withLock({ $0.monitoring }) {
                signalSink.yield(message)
                return
            }
            let reply = exported.answer(message)
            // A call flagged so wants no reply; a reply that cannot be written means the
            // connection is going, which the reader finds out next.
            if !message.flags.contains(.noReplyExpected) { try? send(reply) }
        }
    }

    private func finish() {
        let waiting = state.withLock { state in
            state.closed = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in waiting { continuation.resume(returning: .failure(.disconnected)) }
        signalSink.finish()
    }
}
