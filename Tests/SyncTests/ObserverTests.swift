import Domain
import Fixtures
import Foundation
@testable import SyncAuthority
@testable import SyncProtocol
import Synchronization
import Testing

/// The observer takes pushes only through the ordering rule, whatever the transport does
/// to them.
@Suite("ActivityObserver")
struct ObserverTests {
    /// A real sequence of pushes, made by a real server: start, pause, resume, finish, dismiss.
    func recordedPushes() async throws -> [ActivitySnapshot] {
        let harness = try SyncHarness()
        let created = try await harness.create()
        let stream = try await harness.server.subscribe(to: created.id, token: created.token)
        for intent in [Intent.pause, .resume, .adjustTarget(bySeconds: 60), .pause, .finish] {
            harness.clock.advance(by: 20)
            _ = try await harness.server.send(try request(intent), to: created.id, token: created.token)
        }
        harness.clock.advance(by: SessionLimits.maximumDismissalDelay)
        await harness.server.tick()
        return try await collect(100, from: stream)
    }

    func feed(_ pushes: [ActivitySnapshot], to observer: ActivityObserver) async throws {
        try await observer.follow(AsyncStream { continuation in
            for push in pushes { continuation.yield(push) }
            continuation.finish()
        })
    }

    @Test("in order, every push is taken and the updates say so")
    func inOrder() async throws {
        let pushes = try await recordedPushes()
        #expect(pushes.map(\.version) == Array(1...7))
        let observer = ActivityObserver()
        let updates = await observer.contentUpdates()
        let statuses = await observer.activityStateUpdates()
        try await feed(pushes, to: observer)
        #expect(await observer.current == pushes.last)
        #expect(try await collect(100, from: updates) == pushes)
        #expect(try await collect(100, from: statuses) == [.active, .ended, .dismissed])
    }

    @Test("older pushes and duplicates are dropped; after the end only the dismissal")
    func drops() async throws {
        let pushes = try await recordedPushes()
        let observer = ActivityObserver()
        try await feed([pushes[2], pushes[1], pushes[2], pushes[0]], to: observer)
        #expect(await observer.current == pushes[2])
        #expect(await observer.droppedCount == 3)
        let end = pushes[5]
        #expect(end.event == .end)
        try await feed([end], to: observer)
        let impossibleUpdate = ActivitySnapshot(
            id: end.id, version: end.version + 1, timestamp: end.timestamp, event: .update, activity: pushes[3].activity)
        try await feed([impossibleUpdate], to: observer)
        #expect(await observer.current == end)
        try await feed([pushes[6]], to: observer)
        #expect(await observer.current?.event == .dismiss)
        #expect(await observer.status == .dismissed)
    }

    @Test("forward hands the newest state, then each state taken and none dropped, as it is taken")
    func forwards() async throws {
        let pushes = try await recordedPushes()
        let observer = ActivityObserver()
        try await feed([pushes[1]], to: observer)
        let received = Received()
        await observer.forward { received.append($0) }
        // Synchronous on the observer: each is there as soon as `follow` has taken it.
        #expect(received.all == [pushes[1]])
        try await feed([pushes[0], pushes[2], pushes[2], pushes[3]], to: observer)
        #expect(received.all == [pushes[1], pushes[2], pushes[3]])
    }

    /// What a forward received, in order.
    final class Received: Sendable {
        private let pushes = Mutex<[ActivitySnapshot]>([])
        func append(_ push: ActivitySnapshot) { pushes.withLock { $0.append(push) } }
        var all: [ActivitySnapshot] { pushes.withLock { $0 } }
    }

    @Test("a push for another activity is dropped")
    func otherActivity() async throws {
        let first = try await recordedPushes()
        let second = try await recordedPushes()
        let observer = ActivityObserver()
        try await feed([first[0], second[3]], to: observer)
        #expect(await observer.current == first[0])
    }

    @Test("through a transport that drops, duplicates, delays and reorders, observers never regress and converge", arguments: 0..<25)
    func faultyTransport(seed: Int) async throws {
        let pushes = try await recordedPushes()
        var random = SeededGenerator(seed: UInt64(seed))
        var delivered: [ActivitySnapshot] = []
        for push in pushes {
            switch random.next() % 6 {
            case 0: continue  // dropped
            case 1: delivered += [push, push]  // duplicated
            case 2: delivered.insert(push, at: Int(random.next() % UInt64(delivered.count + 1)))  // delayed
            default: delivered.append(push)
            }
        }
        let observer = ActivityObserver()
        let updates = await observer.contentUpdates()
        try await feed(delivered, to: observer)
        // The transport reconnects, and a reconnect begins with the current state.
        try await feed([pushes.last!], to: observer)
        let seen = try await collect(100, from: updates)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.version < $1.version })
        #expect(await observer.current == pushes.last)
    }
}
