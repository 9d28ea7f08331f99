import Foundation
import TestSupport
import Testing

/// Every example in the DocC catalogs compiles (issue 58, item 4): each ```swift block of a
/// catalog's articles that begins with `import` is a whole program, built as an executable
/// of a package of its own that depends on the products it imports, as a reader's package
/// would. Fragments (a `Package.swift` excerpt) do not begin with `import` and are not built.
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

    static func examples() throws -> [Example] {
        let modules = packageRoot.appendingPathComponent("Modules")
        let products = try libraryProducts()
        var found: [Example] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: modules.path).sorted() {
            let catalog = modules.appendingPathComponent("\(module)/\(module).docc")
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

    /// The library products Package.swift declares.
    static func libraryProducts() throws -> Set<String> {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        return Set(manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        })
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
