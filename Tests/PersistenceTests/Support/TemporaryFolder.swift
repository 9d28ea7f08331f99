import Foundation

/// A fresh folder under the system's temporary folder, removed when the test is done, so
/// every test works on real files without seeing another's.
struct TemporaryFolder {
    /// The folder.
    let url: URL

    private init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("moments-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Runs `body` with a new folder, then removes it.
    static func with<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
        let folder = try TemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        return try body(folder)
    }

    /// A path inside the folder.
    func path(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names in the folder, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The bytes of a file in the folder.
    func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: path(name))
    }

    /// Writes a file in the folder as a person or another program would (no durability
    /// needed: the test reads it back at once).
    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: path(name))
    }

    /// Writes raw bytes to a file in the folder.
    func write(_ data: Data, to name: String) throws {
        try data.write(to: path(name))
    }
}
