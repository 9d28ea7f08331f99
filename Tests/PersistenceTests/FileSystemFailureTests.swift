import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the system refuses — a file where a folder should be, a folder where a file should
/// be, a full disk, a read-only mount — comes back as a typed error naming the path, with
/// the old file intact and the store still usable once the cause is gone.
struct FileSystemFailureTests {
    @Test func aFileInTheFolderPathIsNamed() throws {
        try TemporaryFolder.with { folder in
            try folder.write("not a folder", to: "home")
            let error = #expect(throws: PersistenceError.self) {
                try HistoryStore.open(directory: folder.path("home/little-moments"))
            }
            #expect(error == .notADirectory(path: folder.path("home").path))
            #expect(error?.description.contains("part of its folder path is a file") == true)
            #expect(error?.description.contains("choose another folder (--data-dir, or MOMENTS_HOME)") == true)
        }
    }

    /// /proc takes no new folder, as root too: `mkdir` there fails with ENOENT.
    @Test func aFolderThatCannotBeMadeSaysNothingWasWritten() throws {
        let path = "/proc/little-moments-\(getpid())"
        let error = #expect(throws: PersistenceError.self) { try HistoryStore.open(directory: URL(fileURLWithPath: path)) }
        let said = error?.description ?? ""
        #expect(said.hasPrefix("Could not create the folder \(path): "), "\(said)")
        #expect(said.hasSuffix("Nothing was written; choose a folder that can be made (--data-dir, or MOMENTS_HOME)."), "\(said)")
        #expect(!said.contains("previous version"), "no file was there to keep: \(said)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderWhereTheFileShouldBeIsNamed() throws {
        try TemporaryFolder.with { folder in
            try FileManager.default.createDirectory(at: folder.path(HistoryStore.fileName), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder.path(SettingsStore.fileName), withIntermediateDirectories: true)
            #expect(throws: PersistenceError.notAFile(path: folder.path(HistoryStore.fileName).path)) {
                try HistoryStore.open(directory: folder.url)
            }
            let error = #expect(throws: PersistenceError.self) { try SettingsStore.open(directory: folder.url) }
            #expect(error == .notAFile(path: folder.path(SettingsStore.fileName).path))
            #expect(error?.description.contains("is a folder, but little-moments keeps a file there") == true)
        }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, "mounting a small tmpfs needs root"))
    func aFullDiskFailsTheSaveAndKeepsTheOldSettings() throws {
        try ScratchMount.with(bytes: 128 * 1_024) { disk in
            let store = try SettingsStore.open(directory: disk.url)
            try store.save(SettingsMother.makeSettings())
            let before = try Data(contentsOf: store.url)
            let filler = disk.fill()

            let error = #expect(throws: PersistenceError.self) { try store.save(SettingsMother.makeMinimalist()) }
            #expect(error == .diskFull(path: store.url.path))
            #expect(error?.description.contains("the previous version of the file is intact") == true)
            #expect(try Data(contentsOf: store.url) == before)
            #expect(store.settings == SettingsMother.makeSettings())
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path).filter { $0.contains(".tmp-") }.isEmpty)

            try FileManager.default.removeItem(at: filler)
            try store.save(SettingsMother.makeMinimalist())
            #expect(store.settings == SettingsMother.makeMinimalist())
        }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, "mounting a small tmpfs needs root"))
    func aFullDiskFailsTheAppendAndTakesBackItsPartialWrite() throws {
        try ScratchMount.with(bytes: 128 * 1_024) { disk in
            let store = try HistoryStore.open(directory: disk.url)
            let file = disk.url.appendingPathComponent(HistoryStore.fileName)
            let filler = disk.fill()

            var acknowledged: [SessionRecord] = []
            var failure: PersistenceError?
            for minute in 0..<200 where failure == nil {
                let record = SessionRecordMother.makeRecord(startedAt: InstantMother.makeInstant(secondsAfterMorning: Double(minute) * 60))
                let before = try Data(contentsOf: file)
                do throws(PersistenceError) {
                    try store.append(record)
                    acknowledged.append(record)
                } catch {
                    failure = error
                    #expect(try Data(contentsOf: file) == before)
                }
            }
            #expect(failure == .diskFull(path: file.path))
            #expect(store.records == acknowledged)

            try FileManager.default.removeItem(at: filler)
            let late = SessionRecordMother.makeRecord(startedAt: InstantMother.makeInstant(secondsAfterMorning: 86_400))
            try store.append(late)
            store.close()
            #expect(try HistoryStore.open(directory: disk.url).records == acknowledged + [late])
        }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, "mounting a small tmpfs needs root"))
    func aReadOnlyFolderIsReadAndEveryWriteFailsNamingTheFile() throws {
        try ScratchMount.with(bytes: 512 * 1_024) { disk in
            let record = SessionRecordMother.makeRecord()
            do {
                let settings = try SettingsStore.open(directory: disk.url)
                try settings.save(SettingsMother.makeMinimalist())
                let history = try HistoryStore.open(directory: disk.url)
                try history.append(record)
                let state = try DocumentCollection.open(named: "state", in: disk.url, schema: ServerRecordDouble.schema)
                try state.put(ServerRecordDouble.make(), for: "activity-1")
                settings.close()
                history.close()
                state.close()
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted()
            let before = try names.map { try Data(contentsOf: disk.url.appendingPathComponent($0)) }
            try disk.remountReadOnly()

            let settings = try SettingsStore.open(directory: disk.url)
            #expect(settings.isReadOnly)
            #expect(settings.settings == SettingsMother.makeMinimalist())
            let error = #expect(throws: PersistenceError.self) { try settings.save(.standard) }
            #expect(error == .readOnlyFileSystem(path: settings.url.path))
            #expect(error?.description.contains("is on a read-only file system") == true)

            let history = try HistoryStore.open(directory: disk.url)
            #expect(history.records == [record])
            #expect(throws: PersistenceError.readOnlyFileSystem(path: history.url.path)) {
                try history.append(SessionRecordMother.makeRecord())
            }

            let state = try DocumentCollection.open(named: "state", in: disk.url, schema: ServerRecordDouble.schema)
            #expect(state.document(for: "activity-1") == ServerRecordDouble.make())
            #expect(throws: PersistenceError.readOnlyFileSystem(path: state.journalURL.path)) {
                try state.remove("activity-1")
            }

            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path).sorted() == names)
            #expect(try names.map { try Data(contentsOf: disk.url.appendingPathComponent($0)) } == before)
        }
    }
}
