import Foundation

/// Every `import` statement of every Swift file in a folder, with where it stands.
enum ImportScanner {
    struct Import: Equatable {
        let file: String
        let line: Int
        let module: String
    }

    /// The imports of the Swift files under `folder` (relative to `root`), skipping
    /// snapshot folders.
    static func imports(under folder: String, root: URL) throws -> [Import] {
        let base = root.appendingPathComponent(folder, isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [Import] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let relative = String(url.path.dropFirst(root.path.count + 1))
            found += imports(in: text, file: relative)
        }
        return found
    }

    /// The imports in one file's text: `import M`, `@testable import M`,
    /// `public import M`, `import struct M.T`, `@_exported import M` and the like.
    static func imports(in text: String, file: String) -> [Import] {
        var found: [Import] = []
        // Inside a multi-line string literal (a manifest a test writes), a line that reads
        // `import M` is text, not an import of this file.
        var inString = false
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let delimiters = rawLine.components(separatedBy: "\"\"\"").count - 1
            if inString || delimiters > 0 {
                if delimiters % 2 == 1 { inString.toggle() }
                continue
            }
            var words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            let module = String(path.split(separator: ".").first ?? Substring(path))
            found.append(Import(file: file, line: index + 1, module: module))
        }
        return found
    }
}
