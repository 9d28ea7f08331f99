import Dispatch
import Foundation
@testable import Persistence
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Compaction beside the writes (ADR 0053): the writes go on while the snapshot is being
/// written, and what they wrote meanwhile is in the journal that replaces the old one, once;
/// a compaction that fails is told and tried again, and nothing written is lost.
struct CompactionBesideTests {
    private func open(
        _ folder: TemporaryFolder, threshold: Int = 4, failures: LateFailures? = nil
    ) throws -> DocumentCollection<ServerRecordDouble> {
        var told: (@Sendable (PersistenceError) -> Void)?
        if let failures { told = { failures.add($0) } }
        return try DocumentCollection.open(
            named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: threshold,
            compaction: .besideTheWrites, onLateFailure: told)
    }

    @Test("writes made while the snapshot is written are in the new journal, once, and read back after a reopen")
    func writesDuringTheCompactionAreKept() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            // The compaction's thread is held, so the writes after the one that begins it
            // come while it runs.
            let held = DispatchSemaphore(value: 0)
            collection.compactionQueue?.async { held.wait() }
            var expected: [String: ServerRecordDouble] = [:]
            for version in UInt64(1)...9 {
                let key = "activity-\(version % 3)"
                try collection.put(.make(version: version), for: key)
                expected[key] = .make(version: version)
            }
            #expect(try sequences(in: folder, "server-state.journal.jsonl") == Array(1...9), "compacted in the write")
            held.signal()
            collection.waitForCompaction()

            // The fourth write began it: the snapshot holds the first four, the journal the rest.
            #expect(try sequences(in: folder, "server-state.snapshot.jsonl") == [4])
            #expect(try sequences(in: folder, "server-state.journal.jsonl") == Array(5...9))
            #expect(collection.lateFailure == nil)
            #expect(collection.documents == expected)
            try collection.put(.make(version: 10), for: "activity-1")
            expected["activity-1"] = .make(version: 10)
            collection.close()

            let reopened = try open(folder)
            defer { reopened.close() }
            #expect(reopened.documents == expected)
            #expect(reopened.issues.isEmpty)
            #expect(try folder.names().filter { $0.contains(".tmp-") }.isEmpty)
        }
    }

    @Test("a compaction that fails beside the writes is told once, the old journal goes on, and a later one is done")
    func aFailedCompactionIsToldAndTriedAgain() throws {
        try TemporaryFolder.with { folder in
            let failures = LateFailures()
            let collection = try open(folder, failures: failures)
            let fault = FileFaults.arm(
                .write, times: 2, pathContaining: folder.url.path + "/.server-state.snapshot.jsonl.tmp-", errno: ENOSPC)
            for version in UInt64(1)...4 { try collection.put(.make(version: version), for: "activity-\(version)") }
            collection.waitForCompaction()
            #expect(FileFaults.failures(fault) == 1)
            #expect(failures.count == 1)
            #expect(collection.lateFailure != nil)
            #expect(try sequences(in: folder, "server-state.journal.jsonl") == Array(1...4))

            // Tried again a tenth of the threshold later (one write), on a disk still full:
            // the same failure, not told again.
            try collection.put(.make(version: 5), for: "activity-5")
            collection.waitForCompaction()
            #expect(FileFaults.failures(fault) == 2)
            FileFaults.disarm(fault)
            #expect(failures.count == 1)
            #expect(try sequences(in: folder, "server-state.journal.jsonl") == Array(1...5))

            try collection.put(.make(version: 6), for: "activity-6")
            collection.waitForCompaction()
            #expect(collection.lateFailure == nil)
            #expect(failures.count == 1)
            #expect(try sequences(in: folder, "server-state.snapshot.jsonl") == [6])
            #expect(try sequences(in: folder, "server-state.journal.jsonl").isEmpty)
            collection.close()

            let reopened = try open(folder)
            defer { reopened.close() }
            #expect(reopened.documents.count == 6)
            #expect(try folder.names().filter { $0.contains(".tmp-") }.isEmpty)
        }
    }

    @Test("closing waits for the compaction running beside the writes")
    func closingWaitsForTheCompaction() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let held = DispatchSemaphore(value: 0)
            collection.compactionQueue?.async { held.wait() }
            for version in UInt64(1)...4 { try collection.put(.make(version: version), for: "activity-\(version)") }
            // What the files hold when close returns: the compaction's snapshot, if it waited.
            let seen = Mutex<[Int]?>(nil)
            let closed = DispatchSemaphore(value: 0)
            Thread {
                collection.close()
                seen.withLock { $0 = try? sequences(in: folder, "server-state.snapshot.jsonl") }
                closed.signal()
            }.start()
            held.signal()
            closed.wait()
            #expect(seen.withLock { $0 } == [4])
            let reopened = try open(folder)
            defer { reopened.close() }
            #expect(reopened.documents.count == 4)
        }
    }

    @Test("the compaction's thread runs at a lower priority, and the caller's stays as it was")
    func theCompactionsThreadIsLowered() {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let before = getpriority(which, 0)
        let seen = Mutex<Int32?>(nil)
        LowPriorityThread.run { seen.withLock { $0 = getpriority(which, 0) } }
        #expect(seen.withLock { $0 } == max(before, LowPriorityThread.niceness))
        #expect(getpriority(which, 0) == before)
    }

    /// The sequence of each line of a collection's file: the transactions of a journal, or
    /// the snapshot's own (in its header).
    private nonisolated func sequences(in folder: TemporaryFolder, _ name: String) throws -> [Int] {
        let lines = String(decoding: try folder.bytes(name), as: UTF8.self).split(separator: "\n")
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        if name.contains("snapshot") { return objects.first.flatMap { $0["sequence"] as? Int }.map { [$0] } ?? [] }
        return objects.dropFirst().compactMap { $0["sequence"] as? Int }
    }
}

/// The late failures a collection told.
final class LateFailures: Sendable {
    private let failures = Mutex<[PersistenceError]>([])

    var count: Int { failures.withLock { $0.count } }

    func add(_ failure: PersistenceError) {
        failures.withLock { $0.append(failure) }
    }
}
