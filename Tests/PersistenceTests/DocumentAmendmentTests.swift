import Foundation
import Synchronization
import Persistence
import TestSupport
import Testing

/// A collection opened with an amendment function journals an amendment alone and
/// replays it with that function (ADR 0038).
@Suite("DocumentCollection amendments")
struct DocumentAmendmentTests {
    /// Adds the amendment's intents and takes its version and token.
    private static let amend: DocumentAmendment<ServerRecordDouble> = { document, amendment in
        document.version = amendment.version
        document.appliedIntents.merge(amendment.appliedIntents) { _, new in new }
    }

    private func open(_ folder: TemporaryFolder, amending: Bool = true) throws -> DocumentCollection<ServerRecordDouble> {
        try DocumentCollection.open(
            named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, amend: amending ? Self.amend : nil)
    }

    @Test func anAmendmentIsJournaledAloneAndReplayedOnOpen() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let original = ServerRecordDouble.make(version: 1, intents: 50)
            try collection.put(original, for: "activity-1")
            var amendment = ServerRecordDouble.make(version: 2, intents: 0)
            amendment.appliedIntents = ["client-b/1": "accepted v2"]
            var amended = original
            Self.amend(&amended, amendment)
            try collection.apply([.amend(key: "activity-1", document: amended, amendment: amendment)])
            #expect(collection.document(for: "activity-1") == amended)
            collection.close()

            let lines = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self).split(separator: "\n")
            #expect(lines.first?.contains(#""version":2"#) == true)
            #expect(lines.last?.contains(#""amends":true"#) == true)
            #expect(lines.last?.contains("client-a/49") == false)
            let reopened = try open(folder)
            #expect(reopened.documents == ["activity-1": amended])
            #expect(reopened.issues.isEmpty)
        }
    }

    @Test func anAmendmentOfNothingIsDamageAndItsTransactionIsSkippedWhole() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let amendment = ServerRecordDouble.make(version: 2, intents: 1)
            try collection.apply([
                .put(key: "activity-2", document: ServerRecordDouble.make(version: 1)),
                .amend(key: "activity-1", document: amendment, amendment: amendment),
            ])
            collection.close()

            let reopened = try open(folder)
            #expect(reopened.documents.isEmpty)
            #expect(reopened.issues.contains { if case .recordsSkipped = $0 { true } else { false } })
        }
    }

    @Test func aCollectionWithoutAnAmendmentFunctionKeepsLayoutOne() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder, amending: false)
            try collection.put(ServerRecordDouble.make(version: 1), for: "activity-1")
            collection.close()
            let journal = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self)
            #expect(journal.hasPrefix(
                #"{"format":"little-moments/collection-journal","schema":"test/server-record","schema_version":1,"version":1}"#))
            // An amending collection opens it, and goes on with it.
            let amending = try open(folder)
            #expect(amending.document(for: "activity-1") == ServerRecordDouble.make(version: 1))
        }
    }

    @Test func aDeferredAmendmentMakesItsDocumentOnlyWhenItIsNeededWhole() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let original = ServerRecordDouble.make(version: 1, intents: 5)
            try collection.put(original, for: "activity-1")
            let made = Mutex(0)
            var amended = original
            for version in 2...4 {
                var amendment = ServerRecordDouble.make(version: UInt64(version), intents: 0)
                amendment.appliedIntents = ["client-b/\(version)": "accepted v\(version)"]
                Self.amend(&amended, amendment)
                let document = amended
                try collection.apply([
                    .amendDeferred(key: "activity-1", amendment: amendment, document: {
                        made.withLock { $0 += 1 }
                        return document
                    })
                ])
            }
            // Journaled, not made: only the last one is ever needed whole.
            #expect(made.withLock { $0 } == 0)
            #expect(collection.document(for: "activity-1") == amended)
            #expect(made.withLock { $0 } == 1)
            collection.close()
            let journal = String(decoding: try folder.bytes("server-state.journal.jsonl"), as: UTF8.self)
            #expect(journal.split(separator: "\n").filter { $0.contains(#""amends":true"#) }.count == 3)

            let reopened = try open(folder)
            #expect(reopened.documents == ["activity-1": amended])
            try reopened.compact()
            reopened.close()
            #expect(try open(folder).documents == ["activity-1": amended])
        }
    }
}
