import Foundation
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
}
