import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// The durable save leaves exactly the new bytes under the target's name and nothing else
/// behind, and each store sweeps away the temporary files a crash left — its own only.
@Suite(.blocking)
struct DurableFileTests {
    @Test func aSaveCreatesThenReplacesTheFileWithExactlyTheNewBytes() throws {
        try TemporaryFolder.with { folder in
            let target = folder.path("document.json")
            try DurableFile.save(Data("first".utf8), to: target)
            #expect(try folder.bytes("document.json") == Data("first".utf8))
            try DurableFile.save(Data("second, longer".utf8), to: target)
            #expect(try folder.bytes("document.json") == Data("second, longer".utf8))
            #expect(try folder.names() == ["document.json"])
        }
    }

    @Test("a creation makes the file once: a second keeps the first's bytes, and of many at once exactly one wins, each reading it whole")
    func aCreationMakesTheFileOnlyWhereThereIsNone() async throws {
        try await TemporaryFolder.with { (folder: TemporaryFolder) async throws in
            let target = folder.path("sitter")
            #expect(try DurableFile.create(Data("first\n".utf8), at: target))
            #expect(try !DurableFile.create(Data("second\n".utf8), at: target))
            #expect(try folder.bytes("sitter") == Data("first\n".utf8))
            #expect(try folder.names() == ["sitter"], "no temporary file is left behind")
            let racing = folder.path("raced")
            let wins = await withTaskGroup(of: Bool.self) { group in
                for writer in 0..<16 {
                    group.addTask { (try? DurableFile.create(Data("writer \(writer)\n".utf8), at: racing)) ?? false }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
            #expect(String(decoding: try folder.bytes("raced"), as: UTF8.self).hasPrefix("writer "))
            #expect(try folder.names().sorted() == ["raced", "sitter"])
        }
    }

    @Test func aLargeDocumentIsWrittenWhole() throws {
        try TemporaryFolder.with { folder in
            var generator = SeededGenerator(seed: 7)
            let bytes = Data((0..<12_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            try DurableFile.save(bytes, to: folder.path("large.bin"))
            #expect(try folder.bytes("large.bin") == bytes)
        }
    }

    @Test func aSaveIntoAMissingFolderFailsNamingTheFile() throws {
        try TemporaryFolder.with { folder in
            let target = folder.path("missing/document.json")
            let error = #expect(throws: PersistenceError.self) { try DurableFile.save(Data("x".utf8), to: target) }
            #expect(error?.path == target.path)
            #expect(error?.description.contains("No such file or directory") == true)
        }
    }

    @Test func eachStoreRemovesOnlyItsOwnLeftoverTemporaryFilesWhenItOpens() throws {
        try TemporaryFolder.with { folder in
            let leftovers = [
                ".settings.json.tmp-4242-dead", ".history.jsonl.tmp-4242-beef",
                ".state.snapshot.jsonl.tmp-1-a", ".state.journal.jsonl.tmp-1-b",
            ]
            for name in leftovers { try folder.write("half a save", to: name) }
            try folder.write("a person's file", to: "notes.txt")
            try folder.write("another program's temporary file", to: ".other.json.tmp-1-c")

            let settings = try SettingsStore.open(directory: folder.url)
            #expect(try !folder.names().contains(".settings.json.tmp-4242-dead"))
            #expect(try folder.names().contains(".history.jsonl.tmp-4242-beef"))
            let history = try HistoryStore.open(directory: folder.url)
            let state = try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema)

            #expect(try folder.names().filter { $0.contains(".tmp-") } == [".other.json.tmp-1-c"])
            #expect(try folder.bytes("notes.txt") == Data("a person's file".utf8))
            settings.close()
            history.close()
            state.close()
        }
    }

    @Test func theSavesOfAStoreLeaveNoTemporaryFiles() throws {
        try TemporaryFolder.with { folder in
            let settings = try SettingsStore.open(directory: folder.url)
            for minutes in 1...20 { try settings.save(SettingsMother.makeSettings(defaultDurationSeconds: Double(minutes * 60))) }
            let state = try DocumentCollection.open(
                named: "state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: 3)
            for version in 1...20 { try state.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            #expect(try folder.names().filter { $0.contains(".tmp-") }.isEmpty)
        }
    }
}
