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

extension CollectionLines.Change where Content: Sendable {
    /// The wire form of a change.
    init(_ change: CollectionChange<Content>) {
        switch change {
        case .put(let key, let document): self.init(key: key, document: document, removed: nil, amends: nil)
        case .remove(let key): self.init(key: key, document: nil, removed: true, amends: nil)
        case .amend(let key, _, let amendment): self.init(key: key, document: amendment, removed: nil, amends: true)
        }
    }
}
