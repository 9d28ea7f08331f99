import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// A collection that writes its documents by hand (``Persistence/DocumentWriter``) writes
/// the files a collection encoding them with `JSONEncoder` writes, byte for byte: journal
/// lines of puts, amendments and removals, and the snapshot a compaction writes.
@Suite("DocumentCollection with a hand-written document writer")
struct DocumentWriterTests {
    struct Note: Codable, Sendable, Equatable {
        var text: String
        var count: Int
        var activity: Activity
        var weight: Double?

        static let schema = DocumentSchema<Note>(name: "test/note", version: 1)

        /// The `Codable` form's members, in sorted key order.
        static let write: DocumentWriter<Note> = { note, writer in
            writer.beginObject()
            writer.key("activity")
            writer.value(note.activity)
            writer.key("count")
            writer.integer(note.count)
            writer.key("text")
            writer.string(note.text)
            if let weight = note.weight {
                writer.key("weight")
                writer.number(weight)
            }
            writer.endObject()
        }

        static let amend: DocumentAmendment<Note> = { note, amendment in
            note.count += amendment.count
            note.text = amendment.text
        }
    }

    static let files = ["server-state.journal.jsonl", "server-state.snapshot.jsonl"]

    private func open(_ folder: TemporaryFolder, writing: Bool) throws -> DocumentCollection<Note> {
        try DocumentCollection.open(
            named: "server-state", in: folder.url, schema: Note.schema, compactionThreshold: 3, amend: Note.amend,
            write: writing ? Note.write : nil)
    }

    @Test("puts, amendments, removals and compactions: the same bytes as JSONEncoder's, read back the same")
    func sameFiles() throws {
        try TemporaryFolder.with { encoded in
            try TemporaryFolder.with { written in
                let byEncoder = try open(encoded, writing: false)
                let byWriter = try open(written, writing: true)
                let activity = ContentStateMother.makeActivity(steps: [(125, .pause)])
                let keys = ["activity-1", #"a "quoted" \ key"#, "ключ/2", "tab\tkey"]
                var step = 0
                func apply(_ changes: [CollectionChange<Note>]) throws {
                    try byEncoder.apply(changes)
                    try byWriter.apply(changes)
                    step += 1
                    for file in Self.files {
                        let expected = (try? encoded.bytes(file)) ?? Data()
                        #expect((try? written.bytes(file)) ?? Data() == expected, "\(file) after step \(step)")
                    }
                }
                for (index, key) in keys.enumerated() {
                    let note = Note(
                        text: "note \(index) \u{1F9D8}", count: index, activity: activity, weight: index.isMultiple(of: 2) ? 0.5 * Double(index) : nil)
                    try apply([.put(key: key, document: note)])
                }
                for key in keys {
                    guard var note = byWriter.document(for: key) else { continue }
                    let amendment = Note(text: "amended", count: 1, activity: activity, weight: nil)
                    Note.amend(&note, amendment)
                    try apply([.amend(key: key, document: note, amendment: amendment), .remove(key: "nothing here")])
                }
                try apply([.remove(key: keys[1]), .put(key: "new", document: Note(text: "", count: -3, activity: activity))])
                try byEncoder.compact()
                try byWriter.compact()
                for file in Self.files { #expect(try written.bytes(file) == encoded.bytes(file), "\(file) compacted") }
                #expect(step > 8)
                let documents = byWriter.documents
                byEncoder.close()
                byWriter.close()
                #expect(try open(written, writing: true).documents == documents)
                #expect(try open(written, writing: false).documents == documents)
            }
        }
    }
}
