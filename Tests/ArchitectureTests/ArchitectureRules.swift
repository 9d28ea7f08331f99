import Foundation

/// The import table of Documentation/Architecture.md, as code: which target may depend on
/// and import what. Anything the table does not allow is a violation.
struct ArchitectureRules {
    /// What a kind of target may reach.
    struct Allowance {
        /// Targets of this package.
        let internalModules: Set<String>
        /// Products and modules of other packages: `nil` allows any.
        let externalModules: Set<String>?
        /// Modules of the toolchain.
        let systemModules: Set<String>
    }

    static let foundation: Set<String> = ["Foundation", "FoundationEssentials"]
    static let system: Set<String> = foundation.union([
        "FoundationNetworking", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "_Concurrency",
    ])
    /// The libraries of the apps and the tests, which Sync, the only module that may use
    /// third-party libraries, has no business with.
    static let appAndTestLibraries: Set<String> = ["ArgumentParser", "SnapshotTesting", "InlineSnapshotTesting"]

    /// The table. A target missing from it is itself a violation, so a new target must be
    /// placed in it deliberately.
    static func allowance(for target: PackageGraph.Target) -> Allowance? {
        switch target.name {
        case "Domain":
            return Allowance(internalModules: [], externalModules: [], systemModules: foundation)
        case "Rendering", "Persistence":
            return Allowance(internalModules: ["Domain"], externalModules: [], systemModules: system)
        case "Sync":
            return Allowance(internalModules: ["Domain"], externalModules: nil, systemModules: system)
        case "Fixtures":
            return Allowance(
                internalModules: ["Domain", "Rendering", "Sync", "Persistence"], externalModules: [],
                systemModules: system)
        case "CompositionRoot":
            return Allowance(
                internalModules: ["Domain", "Rendering", "Sync", "Persistence", "Fixtures"], externalModules: nil,
                systemModules: system)
        case "TestSupport":
            // The one copy of what tests share: processes, built products, pseudo-terminals
            // and the virtual terminal, which reads Rendering's cells. No third party.
            return Allowance(internalModules: ["Domain", "Rendering"], externalModules: [], systemModules: system)
        case "MomentsLive", "MomentsShowcase":
            return Allowance(internalModules: ["CompositionRoot"], externalModules: ["ArgumentParser"], systemModules: system)
        default:
            // Test suites, benchmarks and test-support programs live under Tests/ and may
            // reach everything, Fixtures included.
            guard target.path.hasPrefix("Tests/") else { return nil }
            return Allowance(internalModules: [], externalModules: nil, systemModules: system)
        }
    }

    /// Every violation in the graph and the imports, in words that say what to fix.
    static func violations(graph: PackageGraph, imports: [String: [ImportScanner.Import]]) -> [String] {
        let internalNames = Set(graph.targets.map(\.name))
        var found: [String] = []
        for target in graph.targets {
            guard let allowance = allowance(for: target) else {
                found.append("\(target.name) (\(target.path)) has no place in the import table; add it to ArchitectureRules and Documentation/Architecture.md")
                continue
            }
            let isTestCode = target.path.hasPrefix("Tests/")
            for dependency in target.internalDependencies where !isTestCode && !allowance.internalModules.contains(dependency) {
                found.append("\(target.name) depends on \(dependency), which the import table does not allow")
            }
            for product in target.externalProducts {
                if let allowed = allowance.externalModules, !allowed.contains(product) {
                    found.append("\(target.name) depends on the third-party product \(product), which the import table does not allow")
                } else if target.name == "Sync", appAndTestLibraries.contains(product) {
                    found.append("Sync depends on \(product), a library of the apps and tests")
                }
            }
            for item in imports[target.name] ?? [] {
                let module = item.module
                if allowance.systemModules.contains(module) || module == target.name { continue }
                let where_ = "\(item.file):\(item.line)"
                if internalNames.contains(module) {
                    if !isTestCode, !allowance.internalModules.contains(module) {
                        found.append("\(where_): \(target.name) imports \(module), which the import table does not allow")
                    }
                } else if ArchitectureRules.system.contains(module) {
                    found.append("\(where_): \(target.name) imports \(module); it may import only \(allowance.systemModules.sorted().joined(separator: ", ")) from the toolchain")
                } else if let allowed = allowance.externalModules, !allowed.contains(module) {
                    found.append("\(where_): \(target.name) imports the third-party module \(module), which the import table does not allow")
                } else if target.name == "Sync", appAndTestLibraries.contains(module) {
                    found.append("\(where_): Sync imports \(module), a library of the apps and tests")
                }
            }
        }
        return found
    }
}
