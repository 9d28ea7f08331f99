import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A failed call's message names the call, the file and the system's reason, and says what
/// stands after it (``FileOperation``): a read changed nothing, a write left the previous
/// version, a folder not made left nothing written.
struct FileOperationMessageTests {
    private func open(_ folder: URL) throws(PersistenceError) -> DocumentCollection<ServerRecordDouble> {
        try DocumentCollection.open(named: "server-state", in: folder, schema: ServerRecordDouble.schema)
    }

    @Test("a folder that cannot be made: nothing was written, and choose one that can be")
    func aFolderNotMade() throws {
        try TemporaryFolder.with { (folder: TemporaryFolder) throws in
            let url = folder.url.appendingPathComponent(String(repeating: "n", count: 300))
            do throws(PersistenceError) {
                try open(url).close()
                Issue.record("the collection opened")
            } catch {
                #expect(error == .fileSystem(path: url.path, operation: .createFolder, code: ENAMETOOLONG))
                #expect(error.description == "Could not create the folder \(url.path): File name too long (errno 36). "
                    + "Nothing was written; choose a folder that can be made (--data-dir, or MOMENTS_HOME).")
            }
            #expect(try folder.names().isEmpty)
        }
    }

    @Test("a journal line whose sync failed and was taken back: the previous version is intact")
    func aWriteNotSynced() throws {
        try TemporaryFolder.with { (folder: TemporaryFolder) throws in
            let collection = try open(folder.url)
            defer { collection.close() }
            let journal = folder.url.appendingPathComponent("server-state.journal.jsonl").path
            let fault = FileFaults.arm(.sync, pathContaining: journal, errno: EIO)
            defer { FileFaults.disarm(fault) }
            do throws(PersistenceError) {
                try collection.put(ServerRecordDouble.make(version: 1), for: "a")
                Issue.record("the write was answered as applied")
            } catch {
                #expect(error == .fileSystem(path: journal, operation: .sync, code: EIO))
                #expect(error.description == "Could not sync \(journal): Input/output error (errno 5). "
                    + "The previous version of the file is intact; check the disk and try again.")
            }
            #expect(collection.document(for: "a") == nil)
        }
    }

    @Test("a journal that cannot be opened: nothing was changed, and where to look")
    func aFileNotOpened() throws {
        try TemporaryFolder.with { (folder: TemporaryFolder) throws in
            try open(folder.url).close()
            let journal = folder.url.appendingPathComponent("server-state.journal.jsonl").path
            let before = try folder.bytes("server-state.journal.jsonl")
            let fault = FileFaults.arm(.open, pathContaining: journal, errno: EIO)
            defer { FileFaults.disarm(fault) }
            do throws(PersistenceError) {
                try open(folder.url).close()
                Issue.record("the collection opened")
            } catch {
                #expect(error.description.hasPrefix("Could not open \(journal): Input/output error (errno 5). Nothing was changed; "))
            }
            #expect(try folder.bytes("server-state.journal.jsonl") == before)
        }
    }
}
