import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the operating system does not permit comes back as a typed error naming the path,
/// and nothing is moved aside or lost. Root bypasses file modes, so when the tests run as
/// root the store is driven by a worker process that has become `nobody`; otherwise file
/// modes alone deny the same access to this user.
@Suite(.blocking)
struct PermissionTests {
    private static let isRoot = geteuid() == 0

    /// Runs one store operation in a worker process without privileges, answering its error
    /// line split into kind, path and message (or the line itself when it succeeded).
    private func attempt(_ operation: String, in folder: TemporaryFolder) throws -> [String] {
        let worker = try WorkerProcess(["attempt", operation, folder.url.path] + (Self.isRoot ? ["--as-nobody"] : []))
        let line = worker.readLine() ?? "no output"
        _ = worker.wait()
        return line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(.enabled(if: isRoot, "only root can run the worker as another user"))
    func aReplaceTheSystemRefusesLeavesTheOldFileAndNoTemporaryFile() throws {
        try TemporaryFolder.with { folder in
            let store = try SettingsStore.open(directory: folder.url)
            try store.save(SettingsMother.makeSettings())
            store.close()
            // A shared, sticky folder like /tmp: nobody may create files in it, but not replace
            // root's settings file.
            chmod(folder.url.path, 0o1777)
            chmod(folder.path(SettingsStore.fileName).path, 0o644)
            chmod(folder.path(SettingsStore.fileName + ".lock").path, 0o666)
            let before = try folder.bytes(SettingsStore.fileName)

            let path = folder.path(SettingsStore.fileName).path
            let answer = try attempt("save-settings", in: folder)
            #expect(answer.prefix(3) == ["error", "permissionDenied", path])
            #expect(answer.last == "Permission denied for \(path); the previous version of the file is intact. "
                + "Check the owner and mode of the file and its folder (ls -ld), or set MOMENTS_HOME to a folder you own.")
            #expect(try folder.bytes(SettingsStore.fileName) == before)
            #expect(try folder.names().filter { $0.contains(".tmp-") }.isEmpty)
        }
    }

    @Test func anUnreadableFileIsReportedAndNotMovedAside() throws {
        try TemporaryFolder.with { folder in
            let store = try SettingsStore.open(directory: folder.url)
            try store.save(SettingsMother.makeMinimalist())
            store.close()
            chmod(folder.path(SettingsStore.fileName).path, Self.isRoot ? 0o600 : 0o000)
            chmod(folder.path(SettingsStore.fileName + ".lock").path, 0o666)
            let before = try folder.names()

            let answer = try attempt("open-settings", in: folder)
            #expect(answer.prefix(3) == ["error", "permissionDenied", folder.path(SettingsStore.fileName).path])
            #expect(try folder.names() == before)
            chmod(folder.path(SettingsStore.fileName).path, 0o600)
            #expect(try SettingsStore.open(directory: folder.url).settings == SettingsMother.makeMinimalist())
        }
    }

    @Test func aFolderThatIsNotWritableIsNamed() throws {
        try TemporaryFolder.with { folder in
            let history = try HistoryStore.open(directory: folder.url)
            try history.append(SessionRecordMother.makeRecord())
            history.close()
            try FileManager.default.removeItem(at: folder.path(HistoryStore.fileName + ".lock"))
            chmod(folder.url.path, 0o555)
            defer { chmod(folder.url.path, 0o755) }
            let before = try folder.bytes(HistoryStore.fileName)

            let answer = try attempt("open-history", in: folder)
            #expect(answer.prefix(3) == ["error", "permissionDenied", folder.path(HistoryStore.fileName + ".lock").path])
            #expect(answer.last?.contains("or set MOMENTS_HOME to a folder you own") == true)
            #expect(try folder.bytes(HistoryStore.fileName) == before)
        }
    }
}
