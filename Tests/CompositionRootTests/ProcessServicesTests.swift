import EmbeddedHosting
import Fixtures
import Foundation
import LiveApp
import LiveComposition
import Persistence
import SyncAuthority
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// The process's one group (ADR 0071): the command is its first service, the embedded
/// server a command hosts is a service of it, and nothing the command started outlives the
/// group's run. Real files, a real loopback socket and Hummingbird's listener behind it.
@Suite("ProcessServices", .serialized, .takingTurns)
struct ProcessServicesTests {
    @Test("the run answers the command's status once the embedded server the command left running has stopped")
    func hostStopsWithTheProcess() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = configuration(folder)
            let port = Port()
            let held = Held()
            let status = await ProcessServices.run { process in
                do {
                    let host = try await EmbeddedServer.start(configuration, in: process)
                    let created = try await host.connection.createActivity(
                        SessionAttributesMother.makeAttributes(plannedSeconds: 600), showSeconds: true, clientID: "test", idempotencyKey: nil)
                    guard let listening = await host.port() else {
                        Issue.record("the embedded server has no loopback port")
                        return 1
                    }
                    port.value.withLock { $0 = listening }
                    // A watcher: the listener is built at its connection and answers it.
                    let watcher = try RawConnection(port: listening)
                    try watcher.sendGet("/v1/activities/\(created.id)", token: created.token)
                    #expect(watcher.read { $0.hasPrefix("HTTP/1.1 200") && $0.lowercased().contains(#"etag: "1""#) })
                    watcher.close()
                    // A client left connected: the group's end must close it. (A new connection to
                    // the port afterwards proves nothing: another listener may have its number.)
                    held.value.withLock { $0 = try? RawConnection(port: listening) }
                    // The command returns without shutting its host down.
                    return 7
                } catch {
                    Issue.record("\(error)")
                    return 1
                }
            }
            #expect(status == 7)
            #expect(port.value.withLock { $0 } != nil)
            let client = try #require(held.value.withLock { $0 }, "no client could connect to the loopback listener")
            #expect(client.closedByServer(within: Patience.hang), "the loopback listener outlived the process's group")
            client.close()
            // The state's lock was given back: another server opens the folder at once.
            let reopened = try await LiveRoot.buildServer(configuration)
            #expect(try await reopened.server.list().count == 1)
            await reopened.close()
        }
    }

    @Test("a host's shutdown stops it alone: the command goes on, and the folder opens again inside it")
    func shutdownStopsTheHostAlone() async throws {
        try await TemporaryFolder.with { folder in
            let configuration = configuration(folder)
            let status = await ProcessServices.run { process in
                do {
                    let host = try await EmbeddedServer.start(configuration, in: process)
                    _ = try await host.connection.createActivity(
                        SessionAttributesMother.makeAttributes(plannedSeconds: 600), showSeconds: true, clientID: "test", idempotencyKey: nil)
                    // A client connected before the shutdown sees the host close it.
                    let client = try await host.port().map { try RawConnection(port: $0) }
                    await host.shutdown()
                    if let client {
                        #expect(client.closedByServer(within: Patience.hang), "the host's listener outlived its shutdown")
                        client.close()
                    }
                    // The next host, as a hand-over's taker would start it, in the same group.
                    let next = try await EmbeddedServer.start(configuration, in: process)
                    #expect(try await next.connection.activities().count == 1)
                    await next.shutdown()
                    return 0
                } catch {
                    Issue.record("\(error)")
                    return 1
                }
            }
            #expect(status == 0)
        }
    }

    private func configuration(_ folder: TemporaryFolder) -> ServerConfiguration {
        ServerConfiguration(locations: StoreLocations(singleDirectory: folder.url), clock: PreviewClock()) { Issue.record("\($0)") }
    }

    /// The port the command saw, read after the run.
    private final class Port: Sendable {
        let value = Mutex<Int?>(nil)
    }

    /// A client connection kept from inside the group's run to after it.
    private final class Held: Sendable {
        let value = Mutex<RawConnection?>(nil)
    }
}
