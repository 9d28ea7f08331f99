import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import SyncHTTP
import TestSupport
import Testing

/// The loopback socket bound before its HTTP server exists, as the embedded server holds
/// it until a watcher comes (ADR 0037).
@Suite("A listening socket served later", .blocking)
struct ListeningSocketTests {
    private static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test("a request sent before the server exists waits in the socket's queue and is answered once the server runs on it")
    func answersWhatWaited() async throws {
        let harness = try SyncHarness()
        let socket = try ListeningSocket.loopback()
        let listener = try #require(Self.listeningInode(port: socket.port))
        // It waits while the HTTP server is built, which a debug build on a busy machine
        // takes seconds to do.
        async let early = RawHTTP.send("GET", "http://127.0.0.1:\(socket.port)/healthz", timeout: .seconds(45))
        #expect(await socket.firstConnection())

        let (ports, announced) = AsyncStream.makeStream(of: Int.self)
        let http = SyncHTTPServer(server: harness.server, port: socket.port, logger: Self.quiet)
        let group = ServiceGroup(services: http.makeServices(on: socket) { announced.yield($0) }, logger: Self.quiet)
        let serving = Task { try await group.run() }
        let reply = try await early
        #expect(reply.status == 200)
        #expect(reply.headers["server"] == ["little-moments"])
        var iterator = ports.makeAsyncIterator()
        #expect(await iterator.next() == socket.port)
        #expect(try await RawHTTP.send("GET", "http://127.0.0.1:\(socket.port)/readyz").status == 200)

        await group.triggerGracefulShutdown()
        try await serving.value
        // The server closed the socket it took over. (Connecting to the port would not
        // tell: tests running beside this one may listen on it once it is free.)
        #expect(!Self.processHolds(socketInode: listener))
    }

    @Test("closed before any connection: the wait ends with no connection, and the port is closed")
    func closedUnused() async throws {
        let socket = try ListeningSocket.loopback()
        let listener = try #require(Self.listeningInode(port: socket.port))
        async let waited = socket.firstConnection()
        socket.close()
        #expect(await waited == false)
        #expect(await socket.firstConnection() == false)
        #expect(!Self.processHolds(socketInode: listener))
    }

    /// The inode of the socket listening on 127.0.0.1:`port`, from `/proc/net/tcp`, read to
    /// its end: `String(contentsOfFile:)` reads only the first 4 KB of a file of `/proc`
    /// (about 26 sockets), and with tests beside this one the socket was often past them.
    private static func listeningInode(port: Int) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/net/tcp"), let bytes = try? handle.readToEnd() else { return nil }
        let table = String(decoding: bytes, as: UTF8.self)
        let local = "0100007F:" + String(format: "%04X", port)
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            // sl, local address, remote address, state (0A: listening), ..., inode (10th).
            if fields.count > 9, fields[1] == local, fields[3] == "0A" { return String(fields[9]) }
        }
        return nil
    }

    /// Whether a descriptor of this process is the socket with inode `socketInode`.
    private static func processHolds(socketInode: String) -> Bool {
        let wanted = "socket:[\(socketInode)]"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == wanted }
    }
}
