import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// Files of older versions are upgraded on read, step by step, and rewritten in the
/// current version; a file with no way up, or from a newer version, is left untouched.
struct SchemaMigrationTests {
    /// A note as version 3 writes it. Version 1 had `text`; version 2 renamed it `body`;
    /// version 3 added `pinned`.
    struct Note: Codable, Sendable, Equatable {
        var body: String
        var pinned: Bool
    }

    static let renameText = SchemaMigration(fromVersion: 1) { old in
        var new = old
        new["body"] = old["text"]
        new["text"] = nil
        return new
    }
    static let addPinned = SchemaMigration(fromVersion: 2) { old in
        var new = old
        new["pinned"] = .bool(false)
        return new
    }
    static let current = DocumentSchema<Note>(name: "test/note", version: 3, migrations: [renameText, addPinned])

    @Test func aSingleDocumentTwoVersionsOldIsUpgradedAndRewritten() throws {
        try TemporaryFolder.with { folder in
            try folder.write(#"{"format":"test/note","version":1,"content":{"text":"breathe"}}"#, to: "note.json")
            let file = try DocumentFile.open(at: folder.path("note.json"), schema: Self.current)
            #expect(file.document == Note(body: "breathe", pinned: false))
            #expect(file.issues == [.upgraded(path: folder.path("note.json").path, from: 1, to: 3)])
            #expect(file.issues.first?.description.contains("upgraded from version 1 to version 3") == true)
            let rewritten = try JSONDecoder().decode(JSONValue.self, from: folder.bytes("note.json"))
            #expect(rewritten["version"] == .integer(3))
            #expect(rewritten["content"] == .object(["body": .string("breathe"), "pinned": .bool(false)]))
        }
    }

    @Test func aCollectionOfAnOlderVersionIsUpgradedDocumentByDocument() throws {
        try TemporaryFolder.with { folder in
            try folder.write(
                """
                {"format":"little-moments/collection-snapshot","schema":"test/note","schema_version":1,"sequence":1,"version":1}
                {"document":{"text":"sit"},"key":"a"}

                """, to: "notes.snapshot.jsonl")
            try folder.write(
                """
                {"format":"little-moments/collection-journal","schema":"test/note","schema_version":2,"version":1}
                {"changes":[{"document":{"body":"walk"},"key":"b"}],"sequence":2}

                """, to: "notes.journal.jsonl")
            let notes = try DocumentCollection.open(named: "notes", in: folder.url, schema: Self.current)
            #expect(notes.documents == ["a": Note(body: "sit", pinned: false), "b": Note(body: "walk", pinned: false)])
            #expect(notes.issues.count == 2)
            notes.close()

            let snapshotHeader = try JSONDecoder().decode(
                JSONValue.self, from: Data(try folder.bytes("notes.snapshot.jsonl").prefix { $0 != 0x0A }))
            #expect(snapshotHeader["schema_version"] == .integer(3))
            let again = try DocumentCollection.open(named: "notes", in: folder.url, schema: Self.current)
            #expect(again.issues.isEmpty)
            #expect(again.documents.count == 2)
        }
    }

    @Test func aVersionWithNoMigrationIsRefusedAndLeftUntouched() throws {
        try TemporaryFolder.with { folder in
            let original = #"{"format":"test/note","version":1,"content":{"text":"breathe"}}"#
            try folder.write(original, to: "note.json")
            let withoutFirstStep = DocumentSchema<Note>(name: "test/note", version: 3, migrations: [Self.addPinned])
            let path = folder.path("note.json").path
            let error = #expect(throws: PersistenceError.self) {
                try DocumentFile.open(at: folder.path("note.json"), schema: withoutFirstStep)
            }
            #expect(error == .noMigration(path: path, format: "test/note", from: 1, to: 3))
            #expect(error?.description.contains("left untouched") == true)
            #expect(String(decoding: try folder.bytes("note.json"), as: UTF8.self) == original)
        }
    }

    @Test func aDocumentAMigrationCannotUpgradeIsTreatedAsDamaged() throws {
        try TemporaryFolder.with { folder in
            struct Unfit: Error {}
            let refusing = DocumentSchema<Note>(
                name: "test/note", version: 3,
                migrations: [SchemaMigration(fromVersion: 1) { _ in throw Unfit() }, Self.addPinned])
            try folder.write(
                """
                {"format":"little-moments/collection-snapshot","schema":"test/note","schema_version":1,"sequence":0,"version":1}
                {"document":{"text":"sit"},"key":"a"}

                """, to: "notes.snapshot.jsonl")
            let notes = try DocumentCollection.open(named: "notes", in: folder.url, schema: refusing)
            #expect(notes.documents.isEmpty)
            guard case .recordsSkipped(_, 1, let preservedAt, let reason)? = notes.issues.first else {
                Issue.record("expected one skipped record, got \(notes.issues)")
                return
            }
            #expect(reason.contains("cannot be upgraded from version 1"))
            #expect(FileManager.default.fileExists(atPath: preservedAt))
        }
    }

    @Test func jsonValuesKeepIntegersExactAndRoundTrip() throws {
        let text = #"{"big":9007199254740993,"fraction":0.5,"list":[true,null,"x"],"nested":{"k":-1}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["big"] == .integer(9_007_199_254_740_993))
        #expect(value["fraction"] == .number(0.5))
        #expect(value["list"] == .array([.bool(true), .null, .string("x")]))
        #expect(value["nested"]?["k"] == .integer(-1))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == text)
    }
}
