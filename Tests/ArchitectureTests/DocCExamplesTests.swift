import Foundation
import TestSupport
import Testing

/// Every example in the DocC catalogs compiles (issue 58, item 4). A ```swift block of a
/// catalog's articles is one of three things:
/// - a whole program (it begins with `import`), built as an executable of a package of its
///   own that depends on the products it imports, as a reader's package would;
/// - the code of a test, between `// DocC example: CATALOG/ARTICLE` and
///   `// End of DocC example` in a file under Tests/, word for word: compiled and run with
///   the suite, for modules whose dependencies would cost a reader's build minutes;
/// - a manifest fragment (it begins with `dependencies:` or `.package`), not built.
/// Anything else fails: an example nobody compiles.
@Suite("DocC: every article's example compiles", .ownThreads)
struct DocCExamplesTests {
    /// A program found in an article.
    struct Example {
        let article: String
        let index: Int
        let code: String
        /// The package's products it imports.
        let products: [String]
        var target: String { "Example\(index)" }
    }

    /// Every documentation catalog: `NAME.docc` in its target's folder, under Modules/
    /// (the compositions' one level deeper) or Fixtures/, by module name.
    static func catalogs() -> [(module: String, folder: URL)] {
        var found: [(module: String, folder: URL)] = []
        for top in ["Modules", "Fixtures"] {
            let walker = FileManager.default.enumerator(atPath: packageRoot.appendingPathComponent(top).path)
            while let path = walker?.nextObject() as? String {
                guard path.hasSuffix(".docc") else { continue }
                let folder = packageRoot.appendingPathComponent("\(top)/\(path)")
                found.append((folder.deletingPathExtension().lastPathComponent, folder))
                walker?.skipDescendants()
            }
        }
        return found.sorted { $0.module < $1.module }
    }

    static func examples() throws -> [Example] {
        // The products SwiftPM reads from the manifest, as a reader's package would see them.
        let products = Set(try PackageGraph.load(root: packageRoot).products)
        var found: [Example] = []
        for (module, catalog) in catalogs() {
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            for article in articles.sorted() where article.hasSuffix(".md") {
                let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
                for block in text.components(separatedBy: "```swift\n").dropFirst() {
                    guard let code = block.components(separatedBy: "\n```").first, code.hasPrefix("import ") else { continue }
                    let imported = code.split(separator: "\n").compactMap { line -> String? in
                        line.hasPrefix("import ") ? String(line.dropFirst(7)) : nil
                    }
                    found.append(Example(
                        article: "\(module).docc/\(article)", index: found.count, code: code,
                        products: imported.filter(products.contains)))
                }
            }
        }
        return found
    }

    /// The examples written in tests: "CATALOG/ARTICLE" → their code, unindented.
    static func testedExamples() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let tests = packageRoot.appendingPathComponent("Tests")
        let walker = FileManager.default.enumerator(atPath: tests.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix("ArchitectureTests/") else { continue }
            let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            for region in text.components(separatedBy: "// DocC example: ").dropFirst() {
                guard let newline = region.firstIndex(of: "\n"),
                    let end = region.range(of: "// End of DocC example")
                else { continue }
                let place = String(region[..<newline])
                var lines = region[region.index(after: newline)..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                if lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
                let indent = lines.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
                let code = lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
                found[place, default: []].append(code)
            }
        }
        return found
    }

    @Test("every library product has a catalog, with an overview article named after it")
    func everyProductHasACatalog() throws {
        let libraries = try PackageGraph.load(root: packageRoot).libraryProducts
        let catalogs = Dictionary(Self.catalogs().map { ($0.module, $0.folder) }, uniquingKeysWith: { first, _ in first })
        #expect(libraries.count >= 19, "\(libraries)")
        for library in libraries {
            guard let catalog = catalogs[library] else {
                Issue.record("the library product \(library) has no \(library).docc in its target's folder")
                continue
            }
            let overview = catalog.appendingPathComponent("\(library).md")
            let text = try? String(contentsOf: overview, encoding: .utf8)
            #expect(text?.hasPrefix("# ``\(library)``") == true, "\(overview.path) does not open with the module's title")
            #expect(text?.contains("## Overview") == true, "\(overview.path) has no overview")
        }
    }

    @Test("every other example is a test's code, word for word, or a manifest fragment")
    func everyExampleIsChecked() throws {
        let tested = try Self.testedExamples()
        var checked = 0
        for (module, catalog) in Self.catalogs() {
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            for article in articles.sorted() where article.hasSuffix(".md") {
                let place = "\(module).docc/\(article)"
                let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
                for block in text.components(separatedBy: "```swift\n").dropFirst() {
                    guard let code = block.components(separatedBy: "\n```").first else { continue }
                    if code.hasPrefix("import ") || code.hasPrefix("dependencies:") || code.hasPrefix(".package") { continue }
                    #expect(tested[place]?.contains(code) == true, "\(place) has an example no test compiles:\n\(code)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 1)
    }

    @Test("the catalogs' examples build, each on the products it imports")
    func examplesBuild() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 2, "found \(examples.map(\.article))")
        for example in examples { #expect(!example.products.isEmpty, "\(example.article) imports none of the products") }

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let targets = examples.map { example in
            let dependencies = example.products.map { ".product(name: \"\($0)\", package: \"little-moments\")" }
            return "        .executableTarget(name: \"\(example.target)\", dependencies: [\(dependencies.joined(separator: ", "))]),"
        }
        try folder.write("""
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "DocCExamples",
                dependencies: [.package(name: "little-moments", path: "\(packageRoot.path)")],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )
            """, to: "Package.swift")
        for example in examples {
            try FileManager.default.createDirectory(
                at: folder.path("Sources/\(example.target)"), withIntermediateDirectories: true)
            try folder.write(example.code + "\n", to: "Sources/\(example.target)/main.swift")
        }
        do {
            _ = try ProcessRunner.run("swift", ["build", "--package-path", folder.url.path, "--scratch-path", folder.path(".build").path])
        } catch let failure as ProcessRunner.Failure {
            let names = examples.map { "\($0.target): \($0.article)" }.joined(separator: ", ")
            Issue.record("an article's example does not build (\(names)):\n\(failure.output)\(failure.errors)")
        }
    }
}
