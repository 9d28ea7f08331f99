import Domain

/// One change to a ``DocumentCollection``. A list of changes is applied all together or
/// not at all, with one write and one sync.
public enum CollectionChange<Document: Codable & Sendable>: Sendable {
    /// Sets the document under a key, replacing any there.
    case put(key: String, document: Document)
    /// Removes the document under a key (nothing happens if there is none).
    case remove(key: String)
    /// Sets the document under a key to `document`, which is the document there with
    /// `amendment` applied by the collection's ``DocumentAmendment``: the journal keeps only
    /// `amendment`, so a small change to a large document costs a small line (ADR 0038).
    /// Only a collection opened with an amendment function takes it.
    case amend(key: String, document: Document, amendment: Document)
    /// As ``amend(key:document:amendment:)``, but the document after the amendment is made
    /// only when the collection needs it whole (a compaction, or a read of it): for a
    /// document that costs far more to build than its amendment, such as an activity with
    /// every answer it remembers, changed by every intent and needed whole once in a
    /// thousand transactions.
    case amendDeferred(key: String, amendment: Document, document: @Sendable () -> Document)

    /// The amendment it journals, if it is one.
    var amendment: Document? {
        switch self {
        case .amend(_, _, let amendment), .amendDeferred(_, let amendment, _): return amendment
        case .put, .remove: return nil
        }
    }

    /// The key the change is about.
    public var key: String {
        switch self {
        case .put(let key, _), .remove(let key), .amend(let key, _, _), .amendDeferred(let key, _, _): return key
        }
    }
}

/// How a collection applies an amendment (``CollectionChange/amend(key:document:amendment:)``)
/// to the document under its key when it replays its journal: the same function its owner
/// used to make the amended document, so the replay gives back what was written.
public typealias DocumentAmendment<Document> = @Sendable (_ document: inout Document, _ amendment: Document) -> Void

/// How a collection writes one document's JSON, by hand: byte for byte what its `Codable`
/// form gives through `JSONEncoder` with sorted keys, so the files are the same either way
/// (`Domain.JSONWriter`). A collection opened without one encodes with `JSONEncoder`.
public typealias DocumentWriter<Document> = @Sendable (_ document: Document, _ writer: inout JSONWriter) -> Void
