import Persistence

/// The document the crash loop keeps in its collection: the number of the iteration that
/// wrote it. The tests read it back with a type of the same shape.
struct CrashCounter: Codable, Sendable {
    var value: Int

    static let schema = DocumentSchema<CrashCounter>(name: "crash-test/counter", version: 1)
}
