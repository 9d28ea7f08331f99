import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lines of a collection's two files.
///
/// The snapshot holds one document per line after its header:
/// `{"document":{…},"key":"activity-1"}`. The journal holds one transaction per line —
/// so a batch is torn whole or not at all — numbered by a sequence that only grows:
/// `{"changes":[{"document":{…},"key":"activity-1"},{"key":"activity-0","removed":true}],"sequence":42}`.
/// Replaying the journal applies, in order, every transaction numbered after the
/// snapshot's `sequence`.
enum CollectionLines {
    /// The format name of a collection's snapshot file.
    static let snapshotFormat = "little-moments/collection-snapshot"
    /// The format name of a collection's journal file.
    static let journalFormat = "little-moments/collection-journal"
    /// The layout version of both files that this program reads and writes.
    static let layoutVersion = 1
    /// The layout of a journal that may hold amendments (`"amends":true`): written by a
    /// collection opened with a ``DocumentAmendment``, so a program that knows only
    /// layout 1 refuses the journal rather than taking an amendment for a whole document.
    static let amendingLayoutVersion = 2

    /// A snapshot line.
    struct Entry<Content: Codable>: Codable {
        var key: String
        var document: Content
    }

    /// A journal line: one transaction.
    struct Transaction<Content: Codable>: Codable {
        var sequence: UInt64
        var changes: [Change<Content>]
    }

    /// One change of a transaction: a document to put, an amendment of the one there
    /// (`amends`), or `removed`.
    struct Change<Content: Codable>: Codable {
        var key: String
        var document: Content?
        var removed: Bool?
        var amends: Bool?
    }
}

extension CollectionLines {
    /// A journal line, newline included, written by hand: what `JSONEncoder` with sorted
    /// keys writes for ``Transaction``, byte for byte; its writer starts with room for
    /// `capacity` bytes.
    static func transactionLine<Content>(
        sequence: UInt64, changes: [CollectionChange<Content>], writing write: DocumentWriter<Content>, capacity: Int = 1_024
    ) -> Data {
        var json = JSONWriter(capacity: capacity)
        json.beginObject()
        json.key("changes")
        json.beginArray()
        for change in changes {
            json.beginObject()
            switch change {
            case .put(let key, let document):
                json.key("document")
                write(document, &json)
                json.key("key")
                json.string(key)
            case .remove(let key):
                json.key("key")
                json.string(key)
                json.key("removed")
                json.bool(true)
            case .amend(let key, _, let amendment), .amendDeferred(let key, let amendment, _):
                json.key("amends")
                json.bool(true)
                json.key("document")
                write(amendment, &json)
                json.key("key")
                json.string(key)
            }
            json.endObject()
        }
        json.endArray()
        json.key("sequence")
        json.integer(sequence)
        json.endObject()
        json.endLine()
        return json.finish()
    }

    /// A snapshot line, without its newline, written by hand: what `JSONEncoder` with
    /// sorted keys writes for ``Entry``, byte for byte.
    static func entryLine<Content>(key: String, document: Content, writing write: DocumentWriter<Content>) -> Data {
        var json = JSONWriter(capacity: 1_024)
        json.beginObject()
        json.key("document")
        write(document, &json)
        json.key("key")
        json.string(key)
        json.endObject()
        return json.finish()
    }
}

extension CollectionLines.Change where Content: Sendable {
    /// The wire form of a change.
    init(_ change: CollectionChange<Content>) {
        switch change {
        case .put(let key, let document): self.init(key: key, document: document, removed: nil, amends: nil)
        case .remove(let key): self.init(key: key, document: nil, removed: true, amends: nil)
        case .amend(let key, _, let amendment), .amendDeferred(let key, let amendment, _):
            self.init(key: key, document: amendment, removed: nil, amends: true)
        }
    }
}
