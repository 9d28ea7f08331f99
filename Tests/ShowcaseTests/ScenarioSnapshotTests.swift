import ShowcaseApp
import Fixtures
import Foundation
import Rendering
import SnapshotTesting
import Testing

/// Every scenario of the catalog as styled text (``Rendering/StyledTextEncoder``):
/// light and dark, at the default text size and the largest, in one file per scenario
/// under `__Snapshots__/ScenarioSnapshotTests/`, named after its id.
///
/// Styled text records each cell's colour role and colour, so the two schemes differ in
/// the files as they do on screen. To re-record after a deliberate change, run
/// `SNAPSHOT_TESTING_RECORD=all swift test --filter ShowcaseTests` (or `failed` for only
/// the failing ones) and review the diff before committing.
struct ScenarioSnapshotTests {
    @Test("every scenario, light and dark, medium and accessibility-xl text", arguments: Catalog.all)
    func scenario(scenario: Scenario) {
        assertSnapshot(of: Self.styledText(scenario), as: .lines, named: "styled", testName: scenario.id)
        assertSnapshot(of: Self.transcript(scenario), as: .lines, named: "transcript", testName: scenario.id)
    }

    /// What a screen reader would speak of the scenario's default variant
    /// (``Rendering/TranscriptEncoder``).
    static func transcript(_ scenario: Scenario) -> String {
        TranscriptEncoder().encode(scenario.frame(Variant()))
    }

    @Test("no two scenarios of a view differ only by colour: where the styled frames differ, the plain text and the transcript do too")
    func notByColourAlone() {
        for kind in ViewKind.allCases {
            let drawn = Catalog.scenarios(for: kind).map { scenario in
                let frame = scenario.frame(Variant())
                return (
                    id: scenario.id, styled: StyledTextEncoder(palette: Variant().scheme.palette).encode(frame),
                    plain: PlainEncoder().encode(frame), transcript: TranscriptEncoder().encode(frame))
            }
            for (index, one) in drawn.enumerated() {
                for other in drawn[(index + 1)...] where one.styled != other.styled {
                    #expect(one.plain != other.plain, "\(one.id) and \(other.id) differ only by colour")
                    #expect(one.transcript != other.transcript, "\(one.id) and \(other.id) read the same to a screen reader")
                }
            }
        }
    }

    /// The four variants of ``Fixtures/Variant/snapshots``, each under a header naming it.
    static func styledText(_ scenario: Scenario) -> String {
        Variant.snapshots.map { variant in
            let frame = scenario.frame(variant)
            let text = StyledTextEncoder(palette: variant.scheme.palette, depth: variant.depth).encode(frame)
            return "== \(variant.label(for: scenario)) ==\n" + text
        }.joined(separator: "\n\n")
    }

    @Test("the two schemes really differ in a snapshot")
    func schemesDiffer() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        let dark = StyledTextEncoder(palette: .dark).encode(scenario.frame(Variant(scheme: .dark)))
        let light = StyledTextEncoder(palette: .light).encode(scenario.frame(Variant(scheme: .light)))
        #expect(dark != light)
        #expect(dark.components(separatedBy: "-- styles --")[0] == light.components(separatedBy: "-- styles --")[0])
        #expect(dark.contains("warning #f0c060"))
        #expect(light.contains("warning #9a6700"))
    }
}
