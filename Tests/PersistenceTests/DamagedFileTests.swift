import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// Damaged files never stop the program and never cost more than the damage: an unreadable
/// file is moved aside, bad records are left out with the rest kept, the original bytes are
/// always preserved, and the message names the path and says what to do. A file from a
/// newer version is the exception: it is refused and left exactly as it was.
@Suite(.blocking)
struct DamagedFileTests {
    // MARK: - Settings (one document)

    @Test(arguments: [
        ("garbage", "not valid JSON"),
        (#"{"format":"little-moments/settings","version":1,"content":{"show_sec"#, "not valid JSON; it may be truncated"),
        ("", "the file is empty"),
        ("  \n", "the file is empty"),
        (#"{"format":"little-moments/settings","version":1,"content":{"interval_bell_minutes":999}}"#, "interval-bell"),
        (#"{"format":"little-moments/settings","version":1,"content":{"bell_volume":150}}"#, "bell-volume"),
        (#"{"format":"little-moments/history","version":1}"#, "it is a 'little-moments/history' file"),
        (#"{"show_seconds":false}"#, "it has no 'format' and 'version'"),
    ])
    func anUnreadableSettingsFileIsMovedAsideAndTheStandardSettingsApply(contents: String, reason: String) throws {
        try TemporaryFolder.with { folder in
            try folder.write(contents, to: SettingsStore.fileName)
            let store = try SettingsStore.open(directory: folder.url)
            #expect(store.settings == .standard)

            let path = folder.path(SettingsStore.fileName).path
            guard case .movedAside(path, let preservedAt, let found)? = store.issues.first, store.issues.count == 1 else {
                Issue.record("expected the file to be moved aside, got \(store.issues)")
                return
            }
            #expect(found.contains(reason))
            #expect(preservedAt.hasPrefix(path + ".corrupt-"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: preservedAt)) == Data(contents.utf8))
            let message = store.issues[0].description
            #expect(message.contains(path) && message.contains(preservedAt) && message.contains("goes on without it"))

            try store.save(SettingsMother.makeMinimalist())
            store.close()
            let reopened = try SettingsStore.open(directory: folder.url)
            #expect(reopened.settings == SettingsMother.makeMinimalist())
            #expect(reopened.issues.isEmpty)
        }
    }

    @Test func aSettingsFileFromANewerVersionIsRefusedAndLeftUntouched() throws {
        try TemporaryFolder.with { folder in
            let newer = #"{"format":"little-moments/settings","version":7,"content":{"theme":"dusk"}}"#
            try folder.write(newer, to: SettingsStore.fileName)
            let path = folder.path(SettingsStore.fileName).path
            let error = #expect(throws: PersistenceError.self) { try SettingsStore.open(directory: folder.url) }
            #expect(error == .newerVersion(path: path, format: "little-moments/settings", found: 7, supported: 1))
            #expect(
                error?.description == "\(path) was written by a newer version of little-moments "
                    + "(little-moments/settings version 7; this version reads up to 1). It was left untouched. "
                    + "Update little-moments to use it, or move the file elsewhere to start afresh.")
            #expect(String(decoding: try folder.bytes(SettingsStore.fileName), as: UTF8.self) == newer)
            #expect(try !folder.names().contains { $0.contains(".corrupt-") })
        }
    }

    // MARK: - History (a log of lines)

    @Test func aCorruptLineCostsOnlyThatLine() throws {
        try TemporaryFolder.with { folder in
            let records = SessionRecordMother.makeStreak(days: 5)
            let damaged = try Self.writeHistory(records, in: folder, replacing: [3: #"{"id":"not-a-uuid","na\#u{1}me":"#])

            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.records == records.enumerated().filter { $0.offset != 2 }.map(\.element))
            let path = folder.path(HistoryStore.fileName).path
            guard case .recordsSkipped(path, 1, let preservedAt, let reason)? = reopened.issues.first else {
                Issue.record("expected one skipped record, got \(reopened.issues)")
                return
            }
            #expect(reason.hasPrefix("line 4: "))
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: preservedAt)), as: UTF8.self) == damaged)
            #expect(reopened.issues[0].description.contains("every other record was kept"))
            reopened.close()
            #expect(try HistoryStore.open(directory: folder.url).issues.isEmpty)
        }
    }

    @Test func aLongHistoryReadInPartsNamesItsFirstDamagedLineAndKeepsTheRest() throws {
        try TemporaryFolder.with { folder in
            // Long enough to be read in parts on a machine of two cores or more (ADR 0035).
            let records = SessionRecordMother.makeMany(count: 60_000)
            try Self.writeHistory(records, in: folder, replacing: [45_001: #"{"id":"1"}"#, 59_000: #"{"id":"2"}"#])

            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.records == records.enumerated().filter { ![45_000, 58_999].contains($0.offset) }.map(\.element))
            guard case .recordsSkipped(_, 2, _, let reason)? = reopened.issues.first else {
                Issue.record("expected two skipped records, got \(reopened.issues)")
                return
            }
            #expect(reason.hasPrefix("line 45002: "), "\(reason)")
        }
    }

    /// Writes `records` through the store, then puts `replacing`'s text in place of the
    /// lines at those indices (0 is the header); answers the file's text.
    @discardableResult
    private static func writeHistory(
        _ records: [SessionRecord], in folder: TemporaryFolder, replacing: [Int: String]
    ) throws -> String {
        let store = try HistoryStore.open(directory: folder.url)
        try store.append(contentsOf: records)
        store.close()
        var lines = String(decoding: try folder.bytes(HistoryStore.fileName), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        for (index, text) in replacing { lines[index] = text }
        let damaged = lines.joined(separator: "\n") + "\n"
        try folder.write(damaged, to: HistoryStore.fileName)
        return damaged
    }

    @Test func aTruncatedLastLineIsAnUnconfirmedWriteAndIsRemoved() throws {
        try TemporaryFolder.with { folder in
            let records = SessionRecordMother.makeStreak(days: 3)
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(contentsOf: records)
            store.close()
            let whole = try folder.bytes(HistoryStore.fileName)
            try folder.write(whole.dropLast(40), to: HistoryStore.fileName)

            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.records == Array(records.dropLast()))
            guard case .incompleteLastRecord(_, let bytes, let preservedAt)? = reopened.issues.first else {
                Issue.record("expected an incomplete last record, got \(reopened.issues)")
                return
            }
            #expect(bytes > 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: preservedAt)) == whole.dropLast(40))
            try reopened.append(records.last!)
            reopened.close()
            #expect(try HistoryStore.open(directory: folder.url).records == records)
        }
    }

    @Test(arguments: [
        ("", "the file is empty"),
        (#"{"format":"little-mom"#, "the file is truncated"),
        (#"{"format":"little-moments/settings","version":1}"# + "\n", "it is a 'little-moments/settings' file"),
        ("\u{0}\u{0}\u{0}\u{0}\n\u{0}\u{0}\n", "it is not a history file"),
    ])
    func anUnreadableHistoryIsMovedAsideAndANewOneStarts(contents: String, reason: String) throws {
        try TemporaryFolder.with { folder in
            try folder.write(contents, to: HistoryStore.fileName)
            let store = try HistoryStore.open(directory: folder.url)
            #expect(store.count == 0)
            guard case .movedAside(_, let preservedAt, let found)? = store.issues.first else {
                Issue.record("expected the file to be moved aside, got \(store.issues)")
                return
            }
            #expect(found.contains(reason))
            #expect(try Data(contentsOf: URL(fileURLWithPath: preservedAt)) == Data(contents.utf8))
            try store.append(SessionRecordMother.makeRecord())
            store.close()
            #expect(try HistoryStore.open(directory: folder.url).count == 1)
        }
    }

    @Test func aHistoryFromANewerVersionIsRefusedAndLeftUntouched() throws {
        try TemporaryFolder.with { folder in
            let newer = #"{"format":"little-moments/history","version":2}"# + "\n" + #"{"whatever":"v2 writes"}"# + "\n"
            try folder.write(newer, to: HistoryStore.fileName)
            let error = #expect(throws: PersistenceError.self) { try HistoryStore.open(directory: folder.url) }
            #expect(error == .newerVersion(
                path: folder.path(HistoryStore.fileName).path, format: "little-moments/history", found: 2, supported: 1))
            #expect(String(decoding: try folder.bytes(HistoryStore.fileName), as: UTF8.self) == newer)
            // The refusal released the lock: another open gets the same answer, not "in use".
            if let error {
                #expect(throws: error) { try HistoryStore.open(directory: folder.url, lockWait: .zero) }
            }
        }
    }

    // MARK: - Collection (snapshot and journal)

    @Test func aCollectionWithANewerSnapshotIsRefusedWithBothFilesUntouched() throws {
        try TemporaryFolder.with { folder in
            let collection = try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema)
            try collection.put(ServerRecordDouble.make(), for: "activity-1")
            collection.close()
            let newer = #"{"format":"little-moments/collection-snapshot","schema":"test/server-record","#
                + #""schema_version":4,"sequence":9,"version":1}"# + "\n"
            try folder.write(newer, to: "state.snapshot.jsonl")
            let journal = try folder.bytes("state.journal.jsonl")

            let error = #expect(throws: PersistenceError.self) {
                try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema)
            }
            #expect(error == .newerVersion(
                path: folder.path("state.snapshot.jsonl").path, format: "test/server-record", found: 4, supported: 1))
            #expect(String(decoding: try folder.bytes("state.snapshot.jsonl"), as: UTF8.self) == newer)
            #expect(try folder.bytes("state.journal.jsonl") == journal)
        }
    }

    @Test func aCorruptSnapshotIsMovedAsideAndTheJournalStillApplies() throws {
        try TemporaryFolder.with { folder in
            let collection = try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema)
            try collection.put(ServerRecordDouble.make(version: 1), for: "activity-1")
            try collection.compact()
            try collection.put(ServerRecordDouble.make(version: 2), for: "activity-2")
            collection.close()
            try folder.write("#!corrupt", to: "state.snapshot.jsonl")

            let reopened = try DocumentCollection.open(named: "state", in: folder.url, schema: ServerRecordDouble.schema)
            #expect(reopened.documents == ["activity-2": ServerRecordDouble.make(version: 2)])
            guard case .movedAside(let path, _, _)? = reopened.issues.first else {
                Issue.record("expected the snapshot to be moved aside, got \(reopened.issues)")
                return
            }
            #expect(path == folder.path("state.snapshot.jsonl").path)
        }
    }
}
