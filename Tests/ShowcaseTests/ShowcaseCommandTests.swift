import Fixtures
import Foundation
import Rendering
import Testing
import TestSupport

/// `moments-showcase` as a person runs it: the built executable, in real processes, its
/// output checked against the catalog's own frames.
@Suite(.blocking)
struct ShowcaseCommandTests {
    @Test("list groups every scenario under its view, one id and title per line")
    func list() throws {
        let run = try BuiltProduct.run("moments-showcase", ["list"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        for scenario in Catalog.all {
            #expect(run.output.contains(scenario.id + " "), "\(scenario.id)")
        }
        #expect(run.output.contains("Lock screen banner (50×8)"))
    }

    @Test("list --search narrows it; --json gives every field")
    func listSearchJSON() throws {
        let found = try BuiltProduct.run("moments-showcase", ["list", "--search", "lock paused", "--json"])
        #expect(found.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(found.output.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["id"] as? String } == Catalog.search("lock paused").map(\.id))
        let entry = try #require(entries.first)
        #expect(entry["id"] as? String == "LiveActivity/LockScreen/paused")
        #expect(entry["width"] as? Int == 50)
        #expect(entry["fixture"] as? String == "SessionDisplayMother.makeDisplay(script: SessionScriptMother.makeScript(moment: .paused(elapsed: 125)))")
        #expect(entry["provenance"] as? String == "pushed")
        #expect((entry["inputs"] as? [[String: Any]])?.count == 10)

        let all = try BuiltProduct.run("moments-showcase", ["list", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [Any])?.count == Catalog.all.count)

        let none = try BuiltProduct.run("moments-showcase", ["list", "--search", "zebra"])
        #expect(none.status == 1)
        #expect(none.output.isEmpty)
        #expect(none.errors.contains("no scenario matches 'zebra'"))
    }

    @Test("render draws the catalog's frame: plain text into a pipe, ANSI when asked")
    func render() throws {
        let scenario = try #require(Catalog.scenario(id: "LiveActivity/LockScreen/paused"))
        let plain = try BuiltProduct.run("moments-showcase", ["render", scenario.id])
        #expect(plain.status == 0)
        #expect(plain.output == PlainEncoder().encode(scenario.frame(Variant(depth: .monochrome))) + "\n")

        let light = try BuiltProduct.run("moments-showcase", [
            "render", scenario.id, "--scheme", "light", "--width", "40", "--height", "6", "--color", "256",
        ])
        #expect(light.status == 0)
        let variant = Variant(scheme: .light, width: 40, height: 6, depth: .ansi256)
        #expect(light.output == ANSIEncoder(depth: .ansi256).encode(scenario.frame(variant)) + "\n")
        #expect(light.output.contains("\u{1B}[0;38;5;"))

        // A text size is offered only where the view follows it.
        let timer = try #require(Catalog.scenario(id: "Timer/Screen/paused"))
        let large = try BuiltProduct.run("moments-showcase", ["render", timer.id, "--size", "accessibility-xl", "--color", "none"])
        #expect(large.status == 0)
        #expect(large.output == PlainEncoder().encode(timer.frame(Variant(textSize: .accessibilityExtraLarge, depth: .monochrome))) + "\n")
        #expect(large.output != plainTimer(timer))
        let refused = try BuiltProduct.run("moments-showcase", ["render", scenario.id, "--size", "accessibility-xl"])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("has one text size"), "\(refused.errors)")
    }

    func plainTimer(_ scenario: Scenario) -> String {
        PlainEncoder().encode(scenario.frame(Variant(depth: .monochrome))) + "\n"
    }

    @Test("render --transcript prints what a screen reader would speak: the big digits' time, the bar's percentage, no box drawing")
    func transcript() throws {
        let run = try BuiltProduct.run("moments-showcase", ["render", "Timer/Screen/inProgress", "--transcript"])
        #expect(run.status == 0, "\(run.errors)")
        let expected = try #require(Catalog.scenario(id: "Timer/Screen/inProgress")).frame(Variant())
        #expect(run.output == TranscriptEncoder().encode(expected) + "\n")
        #expect(run.output.contains("2:05\n41% done"), "\(run.output)")
        #expect(!run.output.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }, "\(run.output)")
    }

    @Test("a view follows the text size exactly when some scenario of it draws differently at another size")
    func followsTextSize() {
        for kind in ViewKind.allCases {
            let frames = Catalog.scenarios(for: kind).flatMap { scenario in
                Variant.textSizes.map { PlainEncoder().encode(scenario.frame(Variant(textSize: $0, depth: .monochrome))) + scenario.id }
            }
            let differs = Catalog.scenarios(for: kind).contains { scenario in
                Set(Variant.textSizes.map { PlainEncoder().encode(scenario.frame(Variant(textSize: $0, depth: .monochrome))) }).count > 1
            }
            #expect(differs == kind.followsTextSize, "\(kind): followsTextSize is \(kind.followsTextSize), \(frames.count) frames")
        }
    }

    @Test("a TTY-less run honours NO_COLOR and TERM only through --color")
    func colorDetection() throws {
        let run = try BuiltProduct.run("moments-showcase", ["render", "Timer/Screen/inProgress", "--color", "none"], environment: ["TERM": "xterm-256color"])
        #expect(run.status == 0)
        #expect(!run.output.contains("\u{1B}"))
    }

    @Test("variants puts both schemes and every text size and width side by side")
    func variants() throws {
        let run = try BuiltProduct.run("moments-showcase", ["variants", "LiveActivity/LockScreen/paused", "--columns", "120"])
        #expect(run.status == 0)
        #expect(run.output.contains("── dark ──"))
        #expect(run.output.contains("── light ──"))
        // The lock screen has the platform's one size: its widths only.
        for label in ["medium · 50×8", "medium · 33×8"] {
            #expect(run.output.contains(label), "\(label)")
        }
        #expect(!run.output.contains("small ·") && !run.output.contains("accessibility-xl ·"))
        let lines = run.output.split(separator: "\n")
        #expect(lines.allSatisfy { GraphemeWidth.width(of: $0) <= 120 })
        #expect(lines.contains { $0.contains("medium · 50×8") && $0.contains("medium · 33×8") })
        // The medium widget follows the text size: every size of it, side by side.
        let widget = try BuiltProduct.run("moments-showcase", ["variants", "Widgets/Medium/streak", "--columns", "160"])
        for size in ["small ·", "medium ·", "accessibility-xl ·"] { #expect(widget.output.contains(size), "\(size)") }
    }

    @Test("export --text writes a styled text file per scenario and variant")
    func exportText() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let run = try BuiltProduct.run("moments-showcase", ["export", "--text", scratch.path("text").path])
        #expect(run.status == 0)
        let files = scratch.tree().filter { $0.hasSuffix(".txt") }
        let expected = Catalog.all.reduce(0) { $0 + Variant.all(for: $1).count }
        #expect(files.count == expected)
        let scenario = try #require(Catalog.scenario(id: "Widgets/Medium/streak"))
        let file = scratch.path("text/Widgets/Medium/streak/light-medium-46x11-truecolor.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix(PlainEncoder().encode(scenario.frame(Variant(scheme: .light)))))
        #expect(text.contains("-- legend (light, truecolor) --"))
    }

    @Test(
        "every subcommand answers --help, -h and `help NAME` with its own usage, exit 0",
        arguments: ["list", "render", "variants", "export", "browse", "play"])
    func help(subcommand: String) throws {
        for arguments in [[subcommand, "--help"], [subcommand, "-h"], ["help", subcommand]] {
            let run = try BuiltProduct.run("moments-showcase", arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(run.output.contains("USAGE: moments-showcase \(subcommand)"), "\(arguments): \(run.output)")
            #expect(run.errors.isEmpty, "\(arguments)")
        }
    }

    @Test("unknown ids and bad options exit 1 with a message that says what to do, writing nothing")
    func badInput() throws {
        let typo = try BuiltProduct.run("moments-showcase", ["render", "LiveActivity/LockScreen/pause"])
        #expect(typo.status == 1)
        #expect(typo.output.isEmpty)
        #expect(typo.errors.contains("there is no scenario 'LiveActivity/LockScreen/pause'. Did you mean LiveActivity/LockScreen/paused"))
        #expect(typo.errors.contains("moments-showcase list"))

        let cases: [([String], String)] = [
            (["render", "Timer/Screen/paused", "--scheme", "purple"], "--scheme"),
            (["render", "Timer/Screen/paused", "--width", "0"], "--width must be from 1 to 1000"),
            (["render", "Timer/Screen/paused", "--color", "millions"], "--color"),
            (["variants", "Nope/Nope/nope"], "there is no scenario 'Nope/Nope/nope'. Ids begin with \(Catalog.groups.joined(separator: ", "));"),
            (["export"], "--text DIR, --html DIR"),
            (["frobnicate"], "frobnicate"),
        ]
        for (arguments, message) in cases {
            let run = try BuiltProduct.run("moments-showcase", arguments)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
        }

        let scratch = try TemporaryFolder()

        defer { scratch.remove() }
        let file = scratch.path("a-file")
        try Data("keep".utf8).write(to: file)
        let onFile = try BuiltProduct.run("moments-showcase", ["export", "--html", file.path])
        #expect(onFile.status == 1)
        #expect(onFile.errors.contains("is a file, not a folder"))
        #expect(scratch.tree() == ["a-file"])
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
    }
}
