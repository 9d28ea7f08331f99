import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// The keyed collection behind the server's state: every acknowledged change survives a
/// reopen, batches are all-or-nothing, and compaction keeps the journal short without
/// losing or repeating anything.
struct DocumentCollectionTests {
    private func open(_ folder: TemporaryFolder, threshold: Int = 1_000) throws -> DocumentCollection<ServerRecordDouble> {
        try DocumentCollection.open(
            named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: threshold)
    }

    @Test func putsAndRemovalsAreThereAfterReopening() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            try collection.put(ServerRecordDouble.make(version: 1), for: "activity-1")
            try collection.put(ServerRecordDouble.make(version: 2), for: "activity-2")
            try collection.put(ServerRecordDouble.make(version: 3), for: "activity-1")
            try collection.remove("activity-2")
            collection.close()

            let reopened = try open(folder)
            #expect(reopened.documents == ["activity-1": ServerRecordDouble.make(version: 3)])
            #expect(reopened.issues.isEmpty)
        }
    }

    @Test func aBatchIsOneLineOfTheJournal() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            try collection.apply([
                .put(key: "activity-1", document: ServerRecordDouble.make(version: 1)),
                .put(key: "activity-2", document: ServerRecordDouble.make(version: 1)),
                .remove(key: "activity-1"),
            ])
            let journal = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self)
            #expect(journal.split(separator: "\n").count == 2)
            #expect(journal.hasPrefix(
                #"{"format":"little-moments/collection-journal","schema":"test/server-record","schema_version":1,"version":1}"#))
            #expect(collection.documents.keys.sorted() == ["activity-2"])
        }
    }

    @Test func aBatchTornByACrashIsDroppedWhole() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            try collection.put(ServerRecordDouble.make(version: 1), for: "activity-1")
            let before = try folder.bytes("server-state.journal.jsonl")
            try collection.apply([
                .put(key: "activity-1", document: ServerRecordDouble.make(version: 2)),
                .put(key: "activity-2", document: ServerRecordDouble.make(version: 2)),
            ])
            let after = try folder.bytes("server-state.journal.jsonl")
            collection.close()
            // The crash: the batch's line reached the disk only in part.
            try folder.write(after.prefix(before.count + (after.count - before.count) / 2), to: "server-state.journal.jsonl")

            let reopened = try open(folder)
            #expect(reopened.documents == ["activity-1": ServerRecordDouble.make(version: 1)])
            guard case .incompleteLastRecord(_, _, let preservedAt)? = reopened.issues.first else {
                Issue.record("expected an incomplete last record, got \(reopened.issues)")
                return
            }
            #expect(FileManager.default.fileExists(atPath: preservedAt))
        }
    }

    @Test func compactionKeepsEveryDocumentAndStartsAnEmptyJournal() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder, threshold: 10)
            for version in 1...25 {
                try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "activity-\(version % 4)")
            }
            let journalLines = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self)
                .split(separator: "\n").count
            #expect(journalLines == 1 + 5)
            let expected = collection.documents
            collection.close()
            let reopened = try open(folder, threshold: 10)
            #expect(reopened.documents == expected)
            #expect(reopened.document(for: "activity-1") == ServerRecordDouble.make(version: 25))
        }
    }

    @Test func aCrashBetweenSnapshotAndJournalResetReplaysNothingTwice() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            try collection.put(ServerRecordDouble.make(version: 1), for: "activity-1")
            try collection.remove("activity-1")
            try collection.put(ServerRecordDouble.make(version: 2), for: "activity-2")
            let oldJournal = try folder.bytes("server-state.journal.jsonl")
            try collection.compact()
            let expected = collection.documents
            collection.close()
            // The crash: the snapshot was written, the journal was not yet replaced.
            try folder.write(oldJournal, to: "server-state.journal.jsonl")

            let reopened = try open(folder)
            #expect(reopened.documents == expected)
            #expect(reopened.issues.isEmpty)
            let journal = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self)
            #expect(journal.split(separator: "\n").count == 1, "the stale journal was not replaced")
        }
    }

    @Test func manySmallWritesStayCorrectAcrossCompactions() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder, threshold: 7)
            var expected: [String: ServerRecordDouble] = [:]
            for version in 1...60 {
                let key = "activity-\(version % 5)"
                let record = ServerRecordDouble.make(version: UInt64(version), intents: version % 4)
                if version % 9 == 0 {
                    try collection.remove(key)
                    expected[key] = nil
                } else {
                    try collection.put(record, for: key)
                    expected[key] = record
                }
            }
            collection.close()
            #expect(try open(folder, threshold: 7).documents == expected)
        }
    }

    @Test func theServerStateStoreIsACollectionInTheStateFolder() throws {
        try TemporaryFolder.with { folder in
            let locations = StoreLocations(singleDirectory: folder.url)
            let server = try ServerStateStore.open(locations: locations, schema: ServerRecordDouble.schema)
            try server.put(ServerRecordDouble.make(), for: "activity-1")
            #expect(server.journalURL.path == folder.path("server-state.journal.jsonl").path)
            #expect(try folder.names().contains("server-state.lock"))
        }
    }
}
