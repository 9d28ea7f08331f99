import Domain
import Fixtures
import Foundation
import SyncAuthority
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport

/// A server over in-memory storage and a clock moved by hand, and the transports the
/// contract suite runs against.
struct SyncHarness {
    let storage: PreviewSyncStorage
    let clock: PreviewClock
    let server: SyncServer

    init(storage: PreviewSyncStorage = PreviewSyncStorage(), clock: PreviewClock = PreviewClock()) throws {
        self.storage = storage
        self.clock = clock
        server = SyncServer(storage: storage, clock: clock)
    }

    /// A second server on the same storage: what a restart sees.
    func restarted() throws -> SyncHarness {
        try SyncHarness(storage: storage, clock: clock)
    }

    /// The state of group sit `id` once the server has counted `sitting` people in it
    /// (ADR 0073): its clock rules run until it has, as a running server runs them by itself,
    /// the clock moving on a second between tries (counts come at most twice a second).
    func counted(_ id: String, sitting: Int) async throws -> ActivitySnapshot {
        try await eventually {
            await server.tick()
            guard (try? await server.snapshot(of: id))?.activity.content.sitting != sitting else { return true }
            clock.advance(by: 1)
            return false
        }
        return try await server.snapshot(of: id)
    }

    /// Creates an activity with the fixtures' attributes.
    func create(
        _ attributes: SessionAttributes = SessionAttributesMother.makeAttributes()
    ) async throws -> CreatedActivity {
        try await server.create(attributes)
    }
}

/// The transports that must behave alike.
enum Transport: String, CaseIterable, Sendable {
    case inProcess = "in-process"
    case http = "HTTP"

    func connect(to harness: SyncHarness) async throws -> any SyncConnection {
        switch self {
        case .inProcess: return InProcessConnection(server: harness.server)
        case .http: return HTTPSyncConnection(baseURL: try await RunningHTTPServer.start(harness.server).baseURL)
        }
    }
}

/// Builds an intent request from trusted test values.
func request(
    _ intent: Intent, client: String = "client-a", id: String = UUID().uuidString, expected: UInt64? = nil
) throws -> IntentRequest {
    try IntentRequest(clientID: client, intentID: id, intent: intent, expectedVersion: expected)
}

/// Collects the first `count` elements of a stream, or fewer if it ends.
func collect<S: AsyncSequence>(_ count: Int, from stream: S) async throws -> [S.Element] {
    var found: [S.Element] = []
    guard count > 0 else { return found }
    for try await element in stream {
        found.append(element)
        if found.count == count { break }
    }
    return found
}
