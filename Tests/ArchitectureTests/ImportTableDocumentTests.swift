import Foundation
import TestSupport
import Testing

/// The import table has one source, ``ArchitectureRules/table``; Documentation/Architecture.md
/// writes it out for people, and this suite keeps the two in agreement: every module of the
/// package has a row there, and each row names exactly the package's targets the rules let
/// it import (third-party libraries and the words around the list are the prose's own).
@Suite("Architecture: the documented import table is the rules'", .blocking)
struct ImportTableDocumentTests {
    /// The rows of the table under "## Import rules": first cell → second cell.
    static func documentedRows() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Documentation/Architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "## Import rules") else { return [:] }
        var rows: [String: String] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, !cells[1].isEmpty, cells[1] != "target", !cells[1].hasPrefix("---") else { continue }
            // "TestSupport (`Tests/TestSupport`)" names TestSupport.
            let name = cells[1].split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? cells[1]
            rows[name] = cells[2]
        }
        return rows
    }

    /// The package's targets a row's list names: the list is what comes before any
    /// parenthesis or colon, where the prose begins ("never Persistence" is not a grant).
    static func namedTargets(in cell: String, among targets: Set<String>) -> Set<String> {
        let list = cell.split(whereSeparator: { $0 == "(" || $0 == ":" }).first.map(String.init) ?? ""
        let words = list.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return Set(words).intersection(targets)
    }

    @Test("every module and composition has a row, naming exactly the targets the rules allow")
    func documentedTableMatchesRules() throws {
        let graph = try PackageGraph.load(root: packageRoot)
        let targets = Set(graph.targets.map(\.name))
        let rows = try Self.documentedRows()
        let modules = graph.targets.filter { $0.path.hasPrefix("Modules/") || $0.path == "Fixtures" }.map(\.name)
        #expect(modules.count >= 13, "found too few modules: \(modules)")
        for module in modules.sorted() {
            guard let cell = rows[module] else {
                Issue.record("Documentation/Architecture.md's import table has no row for \(module)")
                continue
            }
            let allowed = ArchitectureRules.table[module]?.internalModules ?? []
            let documented = Self.namedTargets(in: cell, among: targets)
            #expect(
                documented == allowed,
                "\(module): Architecture.md names \(documented.sorted()), the rules allow \(allowed.sorted())")
        }
    }

    @Test("a row's prose is not read as a grant, and a missing name is seen")
    func readsOnlyTheList() {
        let targets: Set = ["Domain", "Sync", "Persistence", "Fixtures"]
        #expect(Self.namedTargets(in: "Domain, Sync, Logging (never Persistence)", among: targets) == ["Domain", "Sync"])
        #expect(Self.namedTargets(in: "Domain, Persistence: everything but Fixtures", among: targets) == ["Domain", "Persistence"])
        #expect(Self.namedTargets(in: "toolchain modules only", among: targets).isEmpty)
    }
}
