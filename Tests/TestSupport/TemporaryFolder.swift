import Foundation

/// A fresh folder under the system's temporary folder, removed when the test is done, so
/// every test works on real files without seeing another's.
public struct TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Makes a new folder; remove it with ``remove()`` (or use ``with(_:)``).
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("moments-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Runs `body` with a new folder, then removes it.
    public static func with<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        return try body(folder)
    }

    /// Runs `body` with a new folder, then removes it.
    public static func with<Result>(_ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        return try await body(folder)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// A path inside the folder.
    public func path(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names in the folder, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The bytes of a file in the folder.
    public func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: path(name))
    }

    /// Writes a file in the folder as a person or another program would (no durability
    /// needed: the test reads it back at once).
    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: path(name))
    }

    /// Writes raw bytes to a file in the folder.
    public func write(_ data: Data, to name: String) throws {
        try data.write(to: path(name))
    }
}
