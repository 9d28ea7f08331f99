import Domain
import Fixtures
import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Persistence
import TestSupport
import Testing

/// A waiter wakes when another process changes a folder, not on a timer: a file closed
/// after writing (how a lock is released, also by the kernel for a killed holder) and an
/// entry made or removed.
@Suite(.blocking)
struct FileWatchTests {
    @Test func aFileClosedAfterWritingWakesTheWatchAndAReadDoesNot() throws {
        try TemporaryFolder.with { folder in
            // Written in a folder of its own and linked in: a child another suite forks while
            // the file is open for writing keeps that open file until it execs or exits, and
            // its close then is a close after writing, reported to watchers of the folder the
            // file was opened in (a clean-clone CI run met it). Read through the link, the
            // file is only read in the watched folder.
            let source = folder.path("source")
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: false)
            try Data("x".utf8).write(to: source.appendingPathComponent("existing"))
            let existing = folder.path("existing")
            #expect(link(source.appendingPathComponent("existing").path, existing.path) == 0)
            let watch = try #require(FileWatch([(folder.url.path, .closedAfterWriting)]))
            _ = try Data(contentsOf: existing)
            #expect(!watch.wait(upTo: .milliseconds(20)), "a read is not a change")
            try Data("y".utf8).write(to: folder.path("written"))
            #expect(watch.wait(upTo: Patience.hang))
            // Woken once per batch: what woke it has been read.
            #expect(!watch.wait(upTo: .zero))
        }
    }

    @Test func anEntryMadeOrRemovedWakesTheWatch() throws {
        try TemporaryFolder.with { folder in
            let watch = try #require(FileWatch([(folder.url.path, .entries)]))
            let file = folder.path("entry")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            #expect(watch.wait(upTo: Patience.hang))
            try FileManager.default.removeItem(at: file)
            #expect(watch.wait(upTo: Patience.hang))
        }
    }

    @Test func aFolderThatIsNotThereCannotBeWatched() {
        #expect(FileWatch([("/nonexistent-\(UUID().uuidString)", .entries)]) == nil)
    }

    @Test func aHolderKilledByTheKernelWakesTheWatchOnItsLockAndTheLockIsFree() throws {
        try TemporaryFolder.with { folder in
            let holder = try WorkerProcess(["hold", folder.url.path, "0"])
            #expect(holder.readLine() == "locked \(holder.processID)")
            #expect(throws: PersistenceError.self) { try HistoryStore.open(directory: folder.url, lockWait: .zero) }
            // The watch a waiting `StoreLock` makes (after its own try, whose close of the
            // lock file would wake it); SIGKILL's close of the lock file wakes it.
            let watch = try #require(FileWatch([(folder.url.path, .closedAfterWriting)]))
            #expect(!watch.wait(upTo: .zero), "nothing closed yet")
            holder.kill()
            #expect(watch.wait(upTo: Patience.hang))
            let store = try HistoryStore.open(directory: folder.url, lockWait: .zero)
            try store.append(SessionRecordMother.makeRecord())
        }
    }
}
