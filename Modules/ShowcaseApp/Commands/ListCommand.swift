import ArgumentParser
import Fixtures
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// `moments-showcase list [--search TEXT] [--json]`: the catalog, grouped by view.
struct ListCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every scenario: its id, title and view.",
        discussion: "Ids are stable: snapshot files and exported pages are named after them.")

    @Option(help: "Only scenarios whose id, title or view contains every word of this text.")
    var search: String?

    @Flag(help: "JSON: each scenario with its view, natural size, fixture, inputs and provenance.")
    var json = false

    @Flag(help: "A Markdown table of the views and their scenarios, as Documentation/Showcase.md has it.")
    var markdown = false

    func run(with dependencies: ShowcaseDependencies) async throws {
        let scenarios = Catalog.search(search ?? "")
        guard !scenarios.isEmpty else {
            throw ShowcaseFailure(
                message: "no scenario matches '\(search ?? "")'. Try fewer or shorter words, or `moments-showcase list` for all of them.")
        }
        if json {
            dependencies.say(try Self.json(scenarios))
            return
        }
        if markdown {
            dependencies.say(Self.markdown(scenarios))
            return
        }
        let idWidth = scenarios.map(\.id.count).max() ?? 0
        var kind: ViewKind?
        for scenario in scenarios {
            if scenario.kind != kind {
                if kind != nil { dependencies.say("") }
                kind = scenario.kind
                let size = scenario.naturalSize
                dependencies.say("\(scenario.kind.title) (\(size.width)×\(size.height))")
            }
            dependencies.say("  " + scenario.id + String(repeating: " ", count: max(0, idWidth - scenario.id.count)) + "  " + scenario.title)
        }
    }

    /// The JSON form of one scenario.
    struct Entry: Encodable {
        struct Input: Encodable {
            let key: String
            let label: String
            let type: String
            let value: String
            let options: [String]?
        }

        let id: String
        let view: String
        let group: String
        let title: String
        let width: Int
        let height: Int
        let fixture: String
        let provenance: String
        let inputs: [Input]
    }

    static func json(_ scenarios: [Scenario]) throws -> String {
        let entries = scenarios.map { scenario in
            Entry(
                id: scenario.id, view: scenario.kind.rawValue, group: scenario.kind.catalogGroup, title: scenario.title,
                width: scenario.naturalSize.width, height: scenario.naturalSize.height, fixture: scenario.fixture,
                provenance: provenanceText(scenario.provenance),
                inputs: scenario.inputs.all.map { input in
                    switch input.value {
                    case .number: return .init(key: input.key, label: input.label, type: "number", value: input.displayValue, options: nil)
                    case .toggle: return .init(key: input.key, label: input.label, type: "toggle", value: input.displayValue, options: nil)
                    case .text: return .init(key: input.key, label: input.label, type: "text", value: input.displayValue, options: nil)
                    case .choice(_, let options):
                        return .init(key: input.key, label: input.label, type: "choice", value: input.displayValue, options: options)
                    }
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }

    /// `pushed`, `not pushed`, `live only`, or `unreachable: why`.
    static func provenanceText(_ provenance: Provenance) -> String {
        switch provenance {
        case .notPushed: return "not pushed"
        case .pushed: return "pushed"
        case .unreachable(let reason): return "unreachable: " + reason
        case .liveOnly: return "live only"
        }
    }

    /// `scenarios` as a Markdown table, a row per view (`Timer/Screen`) with how many it
    /// has and their states, then the totals: what Documentation/Showcase.md shows, and a
    /// test holds it to.
    static func markdown(_ scenarios: [Scenario]) -> String {
        var rows: [(view: String, states: [String])] = []
        for scenario in scenarios {
            let view = scenario.id.split(separator: "/").dropLast().joined(separator: "/")
            if rows.last?.view == view {
                rows[rows.count - 1].states.append(scenario.state)
            } else {
                rows.append((view, [scenario.state]))
            }
        }
        let table = ["| view | scenarios | states |", "|---|---|---|"]
            + rows.map { "| `\($0.view)` | \($0.states.count) | \($0.states.map { "`\($0)`" }.joined(separator: ", ")) |" }
        return (table + ["", "\(scenarios.count) scenarios of \(rows.count) views."]).joined(separator: "\n")
    }
}
