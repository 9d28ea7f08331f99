import Foundation
import TestSupport
import Testing

/// The folder that holds Package.swift, found from this file's own path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every Swift source under `folder` (relative to the package), with its path relative to
/// the package, in path order.
func swiftSources(under folder: String) throws -> [(path: String, text: String)] {
    var sources: [(path: String, text: String)] = []
    let files = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        sources.append((String(file.path.dropFirst(packageRoot.path.count + 1)), try String(contentsOf: file, encoding: .utf8)))
    }
    return sources.sorted { $0.path < $1.path }
}

@Suite("Architecture: the import table holds", .blocking)
struct ArchitectureTests {
    @Test("the real package graph and every source file's imports follow the import table")
    func realPackage() throws {
        let graph = try PackageGraph.load(root: packageRoot)
        #expect(graph.targets.count >= 20, "dump-package gave too few targets: \(graph.targets.map(\.name))")
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
        #expect(paths["TerminalIO"] == "Modules/TerminalIO")
        for module in ["SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "SyncClient"] {
            #expect(paths[module] == "Modules/\(module)")
        }
        #expect(paths["Persistence"] == "Modules/Persistence")
        #expect(paths["LiveApp"] == "Modules/LiveApp")
        #expect(paths["ShowcaseApp"] == "Modules/ShowcaseApp")
        #expect(paths["LiveComposition"] == "Modules/CompositionRoot/LiveComposition")
        #expect(paths["ShowcaseComposition"] == "Modules/CompositionRoot/ShowcaseComposition")
        #expect(paths["Fixtures"] == "Fixtures")
        #expect(paths["MomentsLive"] == "Apps/Live")
        #expect(paths["MomentsShowcase"] == "Apps/Showcase")
        #expect(paths["Benchmarks"] == "Tests/Benchmarks")
        #expect(Set(graph.products).isSuperset(of: [
            "Domain", "Rendering", "TerminalIO", "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "SyncClient",
            "Persistence", "LiveApp", "Fixtures", "ShowcaseApp",
            "LiveComposition", "ShowcaseComposition", "moments", "moments-showcase",
        ]))
    }

    @Test("the composition root only wires: its three compositions together stay under 300 lines")
    func rootOnlyWires() throws {
        let sources = try swiftSources(under: "Modules/CompositionRoot")
        let lines = sources.reduce(0) { $0 + $1.text.split(separator: "\n", omittingEmptySubsequences: false).count }
        #expect(sources.count >= 3, "found too few composition files under Modules/CompositionRoot")
        #expect(lines < 300, "Modules/CompositionRoot holds \(lines) lines: move adapters and lifecycle to a module by role (Modules/Adapters)")
    }

    @Test("the live app never changes a session, makes a push or plays a server itself")
    func noLocalUpdate() throws {
        let sources = Dictionary(uniqueKeysWithValues: try swiftSources(under: "Modules/LiveApp").map { ($0.path, $0.text) })
        #expect(sources.count > 20, "found too few LiveApp sources: \(sources.keys.sorted())")
        let violations = ArchitectureRules.liveAppViolations(sources)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
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
            target("SyncProtocol", "Modules/SyncProtocol", deps: ["Domain"]),
            target("SyncAuthority", "Modules/SyncAuthority", deps: ["Domain", "SyncProtocol"]),
            target("SyncHTTP", "Modules/SyncHTTP", deps: ["Domain", "SyncProtocol", "SyncAuthority"], external: ["Hummingbird"]),
            target("Persistence", "Modules/Persistence", deps: ["Domain"]),
            target("Fixtures", "Fixtures", deps: ["Domain", "Rendering", "SyncAuthority", "LiveApp"]),
            target("LiveApp", "Modules/LiveApp", deps: ["Domain", "Rendering", "TerminalIO", "SyncProtocol"], external: ["ArgumentParser"]),
            target("LiveComposition", "Modules/CompositionRoot/LiveComposition", deps: ["LiveApp", "Persistence", "SyncAuthority"]),
            target("MomentsLive", "Apps/Live", .executable, deps: ["LiveComposition"]),
            target("DomainTests", "Tests/DomainTests", .test, deps: ["Domain", "Fixtures"]),
            target("TerminalIO", "Modules/TerminalIO"),
        ]
    }

    func violations(_ targets: [PackageGraph.Target], imports: [String: [String]] = [:]) -> [String] {
        let scanned = imports.mapValues { modules in
            modules.enumerated().map { ImportScanner.Import(file: "File.swift", line: $0.offset + 1, module: $0.element) }
        }
        return ArchitectureRules.violations(graph: PackageGraph(targets: targets), imports: scanned)
    }

    func replacing(_ name: String, with replacement: PackageGraph.Target) -> [PackageGraph.Target] {
        cleanTargets.map { $0.name == name ? replacement : $0 }
    }

    @Test("a clean graph passes")
    func clean() {
        #expect(violations(cleanTargets, imports: [
            "Domain": ["Foundation"], "Rendering": ["Domain", "Foundation"], "SyncHTTP": ["Domain", "Hummingbird", "NIOCore"],
            "SyncAuthority": ["Domain", "SyncProtocol"], "SyncProtocol": ["Domain"],
            "Fixtures": ["Domain", "Rendering", "SyncAuthority", "LiveApp"], "LiveApp": ["ArgumentParser", "TerminalIO", "SyncProtocol"],
            "LiveComposition": ["LiveApp", "Persistence", "SyncAuthority"], "MomentsLive": ["LiveComposition"],
            "DomainTests": ["Testing", "Fixtures", "Domain"], "TerminalIO": ["Glibc", "Dispatch"],
        ]).isEmpty)
    }

    @Test("Rendering knowing the server half is caught, as an edge and as an import")
    func renderingKnowsSync() {
        let targets = replacing("Rendering", with: target("Rendering", "Modules/Rendering", deps: ["Domain", "SyncProtocol"]))
        #expect(violations(targets).contains("Rendering depends on SyncProtocol, which the import table does not allow"))
        #expect(violations(cleanTargets, imports: ["Rendering": ["SyncAuthority"]])
            == ["File.swift:1: Rendering imports SyncAuthority, which the import table does not allow"])
    }

    @Test("Domain importing anything but Foundation is caught")
    func domainImports() {
        #expect(violations(cleanTargets, imports: ["Domain": ["Dispatch"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["Domain": ["Logging"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["Domain": ["Rendering"]]).count == 1)
        #expect(violations(replacing("Domain", with: target("Domain", "Modules/Domain", external: ["Collections"]))).count == 1)
    }

    @Test("Fixtures reaching the live product is caught: the live app, its composition or its executable")
    func fixturesLeak() {
        #expect(violations(cleanTargets, imports: ["SyncAuthority": ["Fixtures"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["LiveApp": ["Fixtures"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["LiveComposition": ["Fixtures"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["Fixtures"]]).count == 1)
        let leaking = replacing(
            "LiveComposition",
            with: target("LiveComposition", "Modules/CompositionRoot/LiveComposition", deps: ["LiveApp", "Fixtures"]))
        #expect(violations(leaking).count == 1)
    }

    @Test("swift-crypto anywhere but the server half is caught: Domain, Rendering or Persistence importing or depending on it")
    func cryptographyStaysInSync() {
        #expect(violations(cleanTargets, imports: ["SyncAuthority": ["Crypto"]]).isEmpty)
        #expect(violations(cleanTargets, imports: ["SyncProtocol": ["Crypto"]]).count == 1, "the wire protocol takes no crypto")
        for module in ["Domain", "Rendering", "Persistence"] {
            #expect(violations(cleanTargets, imports: [module: ["Crypto"]])
                == ["File.swift:1: \(module) imports the third-party module Crypto, which the import table does not allow"])
        }
        let persistence = replacing(
            "Persistence", with: target("Persistence", "Modules/Persistence", deps: ["Domain"], external: ["Crypto"]))
        #expect(violations(persistence)
            == ["Persistence depends on the third-party product Crypto, which the import table does not allow"])
    }

    @Test("the live app reaching files past its protocols, or a terminal layer reaching views, is caught")
    func moduleBoundaries() {
        #expect(violations(cleanTargets, imports: ["LiveApp": ["Persistence"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["LiveApp": ["Hummingbird"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["TerminalIO": ["Rendering"]]).count == 1)
    }

    @Test("an app importing past its composition is caught")
    func appReachesPast() {
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["SyncHTTP"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["LiveApp"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["MomentsLive": ["ArgumentParser"]]).count == 1)
        let reaching = replacing(
            "MomentsLive", with: target("MomentsLive", "Apps/Live", .executable, deps: ["LiveComposition", "Rendering"]))
        #expect(violations(reaching).count == 1)
    }

    @Test("a test suite reaching past its own list is caught")
    func testSuiteList() {
        #expect(violations(cleanTargets, imports: ["DomainTests": ["Persistence"]]).count == 1)
        #expect(violations(cleanTargets, imports: ["DomainTests": ["Hummingbird"]]).count == 1)
    }

    @Test("a target missing from the table is caught")
    func unknownTarget() {
        let found = violations(cleanTargets + [target("Extras", "Modules/Extras")])
        #expect(found.count == 1)
        #expect(found.first?.contains("has no place in the import table") == true)
    }

    @Test("local updates in the live app are caught, and comments are not")
    func localUpdates() {
        let found = ArchitectureRules.liveAppViolations([
            "Modules/LiveApp/A.swift": "let next = try Transition.apply(.pause, to: activity, at: now)",
            "Modules/LiveApp/B.swift": "let push = ActivitySnapshot(id: id, version: 2, timestamp: now, event: .update, activity: a)",
            "Modules/LiveApp/C.swift": "struct Shortcut: SyncConnection {}",
            "Modules/LiveApp/D.swift": "// Transition.apply is the server's, never ours",
        ])
        #expect(found.count == 3)
        #expect(found.first?.hasPrefix("Modules/LiveApp/A.swift:1: LiveApp calls Domain's transitions") == true)
    }

    @Test("every form of import is read")
    func importForms() {
        // Built line by line, so this file's own imports stay the only ones it has.
        let text = [
            "import Foundation", "  @testable import Domain", "public import Sync", "import struct Rendering.Frame",
            "@_exported import Persistence", "// import Commented", #"let x = "import Nope""#,
            #"let manifest = """"#, "    import PackageDescription", #"    """"#, "import Fixtures",
        ].joined(separator: "\n")
        #expect(ImportScanner.imports(in: text, file: "F.swift").map(\.module)
            == ["Foundation", "Domain", "Sync", "Rendering", "Persistence", "Fixtures"])
    }
}
