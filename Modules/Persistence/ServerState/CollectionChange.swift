/// One change to a ``DocumentCollection``. A list of changes is applied all together or
/// not at all, with one write and one sync.
public enum CollectionChange<Document: Codable & Sendable>: Sendable {
    /// Sets the document under a key, replacing any there.
    case put(key: String, document: Document)
    /// Removes the document under a key (nothing happens if there is none).
    case remove(key: String)

    /// The key the change is about.
    public var key: String {
        switch self {
        case .put(let key, _), .remove(let key): return key
        }
    }
}
