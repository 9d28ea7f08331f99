/// Where the server makes its changes durable. Sync declares what it needs; the JSON-file
/// adapter is the SyncJSONStore module, an in-memory one is in Fixtures.
///
/// The server calls these from one task at a time, never concurrently, and off its actor,
/// so an implementation may block on the disk.
public protocol SyncStorage: Sendable {
    /// Every record committed so far, in commit order. The server folds them
    /// (``SyncRecord/fold(_:)``) to rebuild its state at start-up.
    func load() throws -> [SyncRecord]

    /// Makes every record of the batch durable before returning, in order. A throw means
    /// none of the batch may be relied on; the server then forgets it and answers its
    /// intents with an error.
    func commit(_ batch: [SyncRecord]) throws
}
