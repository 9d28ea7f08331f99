import Foundation
import Testing

/// The folder that holds Package.swift, found from this file's own path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("Architecture: the import table holds")
struct ArchitectureTests {
    @Test("the real package graph and every source file's imports follow the import table")
    func realPackage() throws {
        let graph = try PackageGraph.load(root: packageRoot)
        #expect(graph.targets.count >= 12, "dump-package gave too few targets: \(graph.targets.map(\.name))")
        var imports: [String: [ImportScanner.Import]] = [:]
        for target in graph.targets {
            imports[target.name] = try ImportScanner.imports(under: target.path, root: packageRoot)
        }
        #expect(imports["Domain", default: []].contains { $0.module == "Foundation" })
        let violations = ArchitectureRules.violations(graph: graph, imports: imports)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test("the design card's folders and products exist")
    func layout() throws {
        let graph = try PackageGraph.load(root: packageRoot)
        let paths = Dictionary(uniqueKeysWithValues: graph.targets.map { ($0.name, $0.path) })
        #expect(paths["Domain"] == "Modules/Domain")
        #expect(paths["Rendering"] == "Modules/Rendering")
        #expect(paths["Sync"] == "Modules/Sync")
        #expect(paths["Persistence"] == "Modules/Persistence")
        #expect(paths["CompositionRoot"] == "Modules/CompositionRoot")
        #expect(paths["Fixtures"] == "Fixtures")
        #expect(paths["MomentsLive"] == "Apps/Live")
        #expect(paths["MomentsShowcase"] == "Apps/Showcase")
        #expect(paths["Benchmarks"] == "Tests/Benchmarks")
        #expect(Set(graph.products).isSuperset(of: [
            "Domain", "Rendering", "Sync", "Persistence", "Fixtures", "CompositionRoot", "moments", "moments-showcase",
        ]))
    }
}

/// The checker itself, on graphs made to break each rule: proof that the test above would
/// fail if the architecture broke.
@Suite("Architecture: the checker catches every forbidden edge")
struct ArchitectureCheckerTests {
    func target(_ name: String, _ path: String, _ kind: PackageGraph.Target.Kind = .regular,
                deps: [String] = [], external: [String] = []) -> PackageGraph.Target {
        .init(name: name, path: path, kind: kind, internalDependencies: deps, externalProducts: external)
    }

    var cleanTargets: [PackageGraph.Target] {
        [
            target("Domain", "Modules/Domain"),
            target("Rendering", "Modules/Rendering", deps: ["Domain"]),
            target("Sync", "Modules/Sync", deps: ["Domain"], external: ["Hummingbird"]),
            target("Persistence", "Modules/Persistence", deps: ["Domain"]),
            target("Fixtures", "Fixtures", deps: ["Domain", "Rendering", "Sync", "Persistence"]),
            target("CompositionRoot", "Modules/CompositionRoot", deps: ["Fixtures", "Sync"], external: ["ArgumentParser"]),
            target("MomentsLive", "Apps/Live", .executable, deps: ["CompositionRoot"], external: ["ArgumentParser"]),
            target("DomainTests", "Tests/DomainTests", .test, deps: ["Domain", "Fixtures"]),
        ]
    }

    func violations(_ targets: [PackageGraph.Target], imports: [String: [String]] = [:]) -> [String] {
        let scanned = imports.mapValues { modules in
            modules.enumerated().map { ImportScanner.Import(file: "File.swift", line: $0.offset + 1, module: $0.element) }
        }
        return ArchitectureRules.violations(graph: PackageGraph(targets: targets), imports: scanned)
    }

    @Test("a clean graph passes")
    func clean() {
        #expect(violations(cleanTargets, imports: [
            "Domain": ["Foundation"], "Rendering": ["Domain", "Foundation"], "Sync": ["Domain", "Hummingbird", "NIOCore"],
            "Fixtures": ["Domain", "Rendering", "Sync", "Persistence"], "MomentsLive": ["CompositionRoot", "ArgumentParser"],
            "DomainTests": ["Testing", "Fixtures", "Domain"],
        ]).isEmpty)
    }

    @Test("Rendering knowing Sync is caught, as an edge and as an import")
    func renderingKnowsSync() {
        var targets = cleanTargets
        targets[1] = target("Rendering", "Modules/Rendering", deps: ["Domain", "Sync"])
        #expect(violations(targets).contains("Rendering depends on Sync, which the import table does not allow"))
        #expect(violations(cleanTargets, imports: ["Rendering": ["Sync"]])
            == ["File.swift:1: Rendering imports Sync, which the import table does not allow"])
    }

    @Test("Domain importing anything but Foundation is caught")
    func domainImports() {
        #expect(violations(cleanTargets, imports: ["Domain": ["Dispatch"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["Domain": ["Logging"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["Domain": ["Rendering"]]).count == 1)
        var targets = cleanTargets
        targets[0] = target("Domain", "Modules/Domain", external: ["Collections"])
        #expect(violations(targets).count == 1)
    }

    @Test("Fixtures imported outside CompositionRoot and tests is caught")
    func fixturesLeak() {
        #expect(violations(cleanTargets, imports: ["Sync": ["Fixtures"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["Fixtures"]]).count == 1)
        var targets = cleanTargets
        targets[3] = target("Persistence", "Modules/Persistence", deps: ["Domain", "Fixtures"])
        #expect(violations(targets).count == 1)
    }

    @Test("an app importing past CompositionRoot is caught")
    func appReachesPast() {
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["Sync"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["Hummingbird"]]).count == 1)
        var targets = cleanTargets
        targets[6] = target("MomentsLive", "Apps/Live", .executable, deps: ["CompositionRoot", "Rendering"])
        #expect(violations(targets).count == 1)
    }

    @Test("a target missing from the table is caught")
    func unknownTarget() {
        let found = violations(cleanTargets + [target("Extras", "Modules/Extras")])
        #expect(found.count == 1)
        #expect(found.first?.contains("has no place in the import table") == true)
    }

    @Test("every form of import is read")
    func importForms() {
        let text = """
            import Foundation
            @testable import Domain
            public import Sync
            import struct Rendering.Frame
            @_exported import Persistence
            // import Commented
            let x = "import Nope"
            """
        #expect(ImportScanner.imports(in: text, file: "F.swift").map(\.module)
            == ["Foundation", "Domain", "Sync", "Rendering", "Persistence"])
    }
}
