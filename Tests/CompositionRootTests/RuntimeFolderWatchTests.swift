import Foundation
import LiveApp
import RuntimeFiles
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A follower whose host went away looks for the new one when the runtime folder or the
/// state's lock changes (`RuntimeFolder.hostChanges(of:)` on the live folder), not on a
/// timer: each change wakes it.
struct RuntimeFolderWatchTests {
    /// The next wake of `changes`, or `false` when none came within the patience of a hung test.
    func nextWake(of changes: AsyncStream<Void>) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in changes { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: Patience.hang)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test func aHostAnnouncingItselfOrTheStateLockClosingWakesAFollower() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)")
        let state = scratch.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = RuntimeDirectory(url: scratch.appendingPathComponent("run"))

        let changes = folder.hostChanges(of: state.path)
        try folder.write(RuntimeEntry(processID: getpid(), server: "http://127.0.0.1:1", hostsStateDirectory: state.path))
        #expect(await nextWake(of: changes))
        #expect(folder.entries().map(\.processID) == [getpid()])

        // A host's lock file closed, as the kernel closes it for a killed host.
        let lock = open(state.appendingPathComponent("state.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(lock >= 0)
        close(lock)
        #expect(await nextWake(of: changes))

        folder.remove(processID: getpid())
        #expect(await nextWake(of: changes))
    }
}
