import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif
import LiveApp
import Sync
import Synchronization

/// The calls made to dependencies that must never be called: the live dependencies of the
/// showcase, which draws from fixtures alone. Each call is kept here and said on standard
/// error, so a test can prove the list stayed empty and a person sees at once what leaked.
public final class ForbiddenCalls: Sendable {
    private let calls = Mutex<[String]>([])

    /// An empty record.
    public init() {}

    /// Every forbidden call so far, in order.
    public var all: [String] { calls.withLock { $0 } }

    /// Keeps and reports a call to `what`.
    func record(_ what: String) {
        calls.withLock { $0.append(what) }
        let line = "moments-showcase: \(what) was called, a live dependency the showcase must never touch\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}

/// A clock that fails loudly: the showcase's instants come from its fixtures, never from
/// a clock. It has no honest time to give, so after reporting it stops the process.
public struct FailingSyncClock: SyncClock {
    /// Where calls are reported.
    public let calls: ForbiddenCalls

    /// A clock reporting to `calls`.
    public init(calls: ForbiddenCalls) { self.calls = calls }

    public func now() -> Date {
        calls.record("SyncClock.now()")
        preconditionFailure("the showcase read the clock")
    }

    public func sleep(until deadline: Date) async throws {
        calls.record("SyncClock.sleep(until:)")
        throw CancellationError()
    }
}

/// Sync storage that fails loudly: the showcase reads and writes no state.
public struct FailingSyncStorage: SyncStorage {
    /// Why a call failed.
    public struct Forbidden: Error, CustomStringConvertible {
        /// The call.
        public let call: String
        public var description: String { "\(call) is not available in the showcase" }
    }

    /// Where calls are reported.
    public let calls: ForbiddenCalls

    /// Storage reporting to `calls`.
    public init(calls: ForbiddenCalls) { self.calls = calls }

    public func load() throws -> [SyncRecord] {
        calls.record("SyncStorage.load()")
        throw Forbidden(call: "SyncStorage.load()")
    }

    public func commit(_ batch: [SyncRecord]) throws {
        calls.record("SyncStorage.commit(_:)")
        throw Forbidden(call: "SyncStorage.commit(_:)")
    }
}

/// A connection to a sync server that fails loudly: the showcase opens no socket and
/// talks to no server.
public struct FailingSyncConnection: SyncConnection {
    /// Where calls are reported.
    public let calls: ForbiddenCalls

    /// A connection reporting to `calls`.
    public init(calls: ForbiddenCalls) { self.calls = calls }

    private func fail(_ call: String) -> SyncError {
        calls.record(call)
        return .unreachable("\(call) is not available in the showcase")
    }

    public func createActivity(_ attributes: SessionAttributes, showSeconds: Bool, clientID: String) async throws(SyncError)
        -> CreatedActivity
    {
        throw fail("SyncConnection.createActivity")
    }

    public func activities() async throws(SyncError) -> [ActivitySummary] {
        throw fail("SyncConnection.activities()")
    }

    public func activity(id: String) async throws(SyncError) -> ActivitySnapshot {
        throw fail("SyncConnection.activity(id:)")
    }

    public func send(_ request: IntentRequest, to id: String, token: String) async throws(SyncError) -> ActivitySnapshot {
        throw fail("SyncConnection.send")
    }

    public func events(of id: String, token: String, after lastEventID: UInt64?) async throws(SyncError)
        -> AsyncThrowingStream<ActivitySnapshot, any Error>
    {
        throw fail("SyncConnection.events")
    }
}

/// A history of sessions that fails loudly: the showcase's history scenarios draw from
/// Mothers, never from the person's `history.jsonl`.
public struct FailingSessionHistory: SessionHistory {
    /// Where calls are reported.
    public let calls: ForbiddenCalls

    /// A history reporting to `calls`.
    public init(calls: ForbiddenCalls) { self.calls = calls }

    public var records: [SessionRecord] {
        calls.record("SessionHistory.records")
        return []
    }

    public func records(startedIn range: Range<Date>) -> [SessionRecord] {
        calls.record("SessionHistory.records(startedIn:)")
        return []
    }
}
