import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two users of one store never write at once. The lock is a `flock` on `NAME.lock`, which
/// belongs to an open file description: a second open in the same process conflicts like
/// another process would, and a holder that dies, even by SIGKILL, releases it.
@Suite(.blocking)
struct StoreLockTests {
    @Test func aSecondOpenInTheSameProcessIsToldTheStoreIsInUse() throws {
        try TemporaryFolder.with { folder in
            let first = try HistoryStore.open(directory: folder.url)
            let error = #expect(throws: PersistenceError.self) {
                try HistoryStore.open(directory: folder.url, lockWait: .milliseconds(100))
            }
            #expect(error == .inUse(path: first.url.path, processID: getpid()))
            #expect(error?.description == "\(first.url.path) is in use by process \(getpid()) (this process). "
                + "Wait for it to finish or quit it, then try again.")
            first.close()
            // A child another suite forks in this moment holds the lock's file description
            // until its exec closes it: a second or two of patience, not none.
            _ = try HistoryStore.open(directory: folder.url, lockWait: .seconds(2))
        }
    }

    @Test func anotherProcessHoldingTheLockIsNamedAfterABriefWait() throws {
        try TemporaryFolder.with { folder in
            let holder = try WorkerProcess(["hold", folder.url.path, "0"])
            #expect(holder.readLine() == "locked \(holder.processID)")

            let clock = ContinuousClock()
            let started = clock.now
            let error = #expect(throws: PersistenceError.self) {
                try HistoryStore.open(directory: folder.url, lockWait: .milliseconds(300))
            }
            #expect(clock.now - started >= .milliseconds(250))
            #expect(error == .inUse(path: folder.path(HistoryStore.fileName).path, processID: holder.processID))
            #expect(error?.description.contains("is in use by process \(holder.processID).") == true)

            holder.kill()
            let store = try HistoryStore.open(directory: folder.url, lockWait: .zero)
            #expect(store.issues.isEmpty)
        }
    }

    @Test func theSecondWaitsWhileTheFirstFinishes() throws {
        try TemporaryFolder.with { folder in
            let holder = try WorkerProcess(["hold", folder.url.path, "400"])
            #expect(holder.readLine() == "locked \(holder.processID)")
            let store = try HistoryStore.open(directory: folder.url, lockWait: .seconds(10))
            #expect(holder.readLine() == "released")
            #expect(holder.wait() == 0)
            try store.append(SessionRecordMother.makeRecord())
        }
    }

    @Test func differentStoresInOneFolderDoNotBlockEachOther() throws {
        try TemporaryFolder.with { folder in
            let history = try HistoryStore.open(directory: folder.url, lockWait: .zero)
            let settings = try SettingsStore.open(directory: folder.url, lockWait: .zero)
            let state = try DocumentCollection.open(
                named: "state", in: folder.url, schema: ServerRecordDouble.schema, lockWait: .zero)
            let other = try DocumentCollection.open(
                named: "other", in: folder.url, schema: ServerRecordDouble.schema, lockWait: .zero)
            #expect(throws: PersistenceError.self) {
                try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema, lockWait: .zero)
            }
            #expect(throws: PersistenceError.self) { try SettingsStore.open(directory: folder.url, lockWait: .zero) }
            history.close()
            settings.close()
            state.close()
            other.close()
        }
    }

    @Test func oneStoreSharedByManyTasksKeepsEveryAppend() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try HistoryStore.open(directory: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        let start = InstantMother.makeInstant(secondsAfterMorning: Double(task * 1_000 + index) * 60)
                        try store.append(SessionRecordMother.makeRecord(startedAt: start))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(store.count == 200)
        store.close()
        let reopened = try HistoryStore.open(directory: folder)
        #expect(reopened.count == 200)
        #expect(reopened.issues.isEmpty)
    }
}
