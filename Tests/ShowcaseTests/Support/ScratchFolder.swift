import Foundation

/// A folder of its own under the system's temporary folder, removed when the test ends.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("showcase-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    func path(_ component: String) -> URL { url.appendingPathComponent(component) }

    /// Every file and folder below it, as paths relative to it, sorted.
    func contents() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String { found.append(next) }
        return found.sorted()
    }
}
