import Foundation
import TestSupport

/// The package as SwiftPM itself describes it (`swift package dump-package`), reduced to
/// what the import rules speak of: each target, its folder and its dependencies.
struct PackageGraph {
    struct Target: Equatable {
        enum Kind: String { case regular, executable, test, other }
        let name: String
        let path: String
        let kind: Kind
        /// Targets of this package it depends on.
        let internalDependencies: [String]
        /// Products of other packages it depends on.
        let externalProducts: [String]
    }

    let targets: [Target]
    /// The names of the products another package can depend on.
    var products: [String] = []
    /// The names of the library products among them (not the apps).
    var libraryProducts: [String] = []

    /// The real manifest of the package at `root`, read once per test run: `dump-package`
    /// compiles the manifest, seconds of a loaded machine, and the suites that ask for it
    /// wait on it (they are `.blocking`, off the cooperative pool).
    static func load(root: URL) throws -> PackageGraph {
        try loaded.withLock { loaded in
            if let (path, graph) = loaded, path == root.path { return Result<PackageGraph, any Error>.success(graph) }
            return Result { try read(root: root) }.map { graph in
                loaded = (root.path, graph)
                return graph
            }
        }.get()
    }

    private static let loaded = Locked<(path: String, graph: PackageGraph)?>(nil)

    /// Reads the real manifest of the package at `root`. A scratch folder of its own keeps
    /// this from waiting on the lock of the `swift test` run that called it.
    private static func read(root: URL) throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("architecture-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = try ProcessRunner.run(
            "swift", ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"])
        return try parse(Data(output.utf8))
    }

    /// Parses `dump-package` JSON.
    static func parse(_ data: Data) throws -> PackageGraph {
        guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = manifest["targets"] as? [[String: Any]]
        else { throw GraphError.unreadable }
        let names = Set(targets.compactMap { $0["name"] as? String })
        let productEntries = manifest["products"] as? [[String: Any]] ?? []
        let products = productEntries.compactMap { $0["name"] as? String }
        let libraryProducts = productEntries.compactMap { product -> String? in
            guard (product["type"] as? [String: Any])?["library"] != nil else { return nil }
            return product["name"] as? String
        }
        return PackageGraph(targets: try targets.map { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String else {
                throw GraphError.unreadable
            }
            var internalDependencies: [String] = []
            var externalProducts: [String] = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let dependencyName = byName.first as? String {
                    if names.contains(dependencyName) { internalDependencies.append(dependencyName) }
                    else { externalProducts.append(dependencyName) }
                } else if let target = dependency["target"] as? [Any], let dependencyName = target.first as? String {
                    internalDependencies.append(dependencyName)
                } else if let product = dependency["product"] as? [Any], let productName = product.first as? String {
                    externalProducts.append(productName)
                }
            }
            return Target(
                name: name, path: target["path"] as? String ?? "Sources/\(name)",
                kind: Target.Kind(rawValue: type) ?? .other,
                internalDependencies: internalDependencies, externalProducts: externalProducts)
        }, products: products, libraryProducts: libraryProducts)
    }

    enum GraphError: Error { case unreadable }
}
