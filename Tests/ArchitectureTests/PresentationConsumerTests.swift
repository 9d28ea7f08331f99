import Foundation
import TestSupport
import Testing

/// Documentation/Examples/PresentationConsumer is the example of Rendering's DocC article
/// "Drawing a Live Activity from your own package" (issue 58, item 4): a package that
/// depends on Domain and Rendering only and draws the lock-screen banner for a state it
/// makes. Built and run for real, and the article's code is the example's, word for word.
@Suite("Domain and Rendering from another package", .ownThreads)
struct PresentationConsumerTests {
    static let consumer = packageRoot.appendingPathComponent("Documentation/Examples/PresentationConsumer")
    static let article = packageRoot.appendingPathComponent("Modules/Rendering/Rendering.docc/DrawingALiveActivity.md")

    @Test("the article's example builds on Domain and Rendering alone and draws the paused banner")
    func buildsAndDraws() throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("presentation-consumer-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        _ = try ProcessRunner.run("swift", ["build", "--package-path", Self.consumer.path, "--scratch-path", scratch.path])

        let output = try ProcessRunner.run(scratch.appendingPathComponent("debug/PresentationConsumer").path, [])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // The banner's budget, 50 × 8, bordered; the state the example made, at 3:20 into
        // a sit paused at 2:05 of 5:00.
        #expect(lines.count == 8, "\(output)")
        #expect(lines.first?.hasPrefix("╭") == true && lines.last?.hasPrefix("╰") == true, "\(output)")
        #expect(lines.allSatisfy { $0.count == 50 }, "\(output)")
        #expect(lines[1].contains("Morning sit") && lines[1].contains("Paused"), "\(output)")
        #expect(output.contains("of 5:00") && output.contains("41%"), "\(output)")
        #expect(output.contains("[space] Resume") && output.contains("[f] Finish"), "\(output)")

        let modules = try FileManager.default.contentsOfDirectory(
            atPath: scratch.appendingPathComponent("debug/Modules").resolvingSymlinksInPath().path)
        let built = Set(modules.map { String($0.split(separator: ".").first ?? "") })
        #expect(built == ["Domain", "Rendering", "PresentationConsumer"], "modules built: \(modules.sorted())")
    }

    @Test("the article shows the example's main.swift as it is")
    func articleIsTheExample() throws {
        let main = try String(
            contentsOf: Self.consumer.appendingPathComponent("Sources/PresentationConsumer/main.swift"), encoding: .utf8)
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
        #expect(blocks.contains(main.trimmingCharacters(in: .newlines)), "the article's code differs from main.swift")
        #expect(text.contains("from: \"0.1.0\""))
    }
}
