import Foundation
import TestSupport
import Testing

/// The test run's rule for threads: a suite whose tests block their thread on processes,
/// terminals, sockets or files says so with a trait (`.blocking`, `.takingTurns` or
/// `.ownThreads`), which runs it off the cooperative pool. Without one it holds a pool
/// thread while it waits, and the in-memory suites behind it miss their deadlines.
@Suite("TestSupport: suites that block their thread run off the pool")
struct BlockingSuitesTests {
    /// The calls of TestSupport and the suites' helpers that block the calling thread.
    static let blockingCalls = [
        "waitForText(", "waitForOutput(", "waitForScreen(", "waitForExit(", "remainingLines(", "readLine(timeout",
        "BuiltProduct.run(", "ProcessRunner.run(", "PseudoTerminal(", "ServerProcess(", "WorkerProcess",
        "HeadlessChromium", "GalleryProbe", "LiveFixture(", "DescriptorReader(", "RawConnection(", "usleep(",
        "waitUntilExit()", "PostgresScope", "PostgresServer.start(",
        // `swift package dump-package`, through a helper of another file: two suites held
        // both of the pool's threads on it for half a minute of a loaded run.
        "PackageGraph.load(",
        // Not a wait but as long: the bowl's synthesis holds its thread for seconds in a
        // debug build, and three suites of it held both of the pool's threads for a minute
        // and a half at the start of every run (the in-memory suites behind them failed
        // their heartbeats' and hang-ups' waits).
        "BowlRecording(", ".ring(strikes:",
    ]

    /// The traits that take a suite off the pool.
    static let offThePoolTraits = [".blocking", ".takingTurns", ".ownThreads"]

    @Test("every test file that makes a blocking call belongs to a suite given a trait that takes it off the pool")
    func everyBlockingSuiteSaysSo() throws {
        let files = try Self.testFiles()
        #expect(files.count > 100, "found too few test files: \(files.count)")
        let marked = Set(files.filter { Self.hasTrait($0.text) }.flatMap { Self.suiteNames(in: $0.text) })
        let unmarked = files.filter { file in
            file.text.contains("@Test") && Self.blockingCalls.contains { file.text.contains($0) }
                && !Self.hasTrait(file.text)
                && !Self.extendedNames(in: file.text).contains { marked.contains($0) }
        }
        #expect(unmarked.map(\.path) == [], "give these suites .blocking (or .takingTurns, .ownThreads)")
    }

    @Test("the rule finds a blocking call in a suite without a trait, and not once the trait is there")
    func theRuleSeesWhatItIsFor() {
        let bare = "@Suite(\"x\")\nstruct X {\n    @Test func y() { _ = terminal.waitForText(\"a\") }\n}"
        let marked = bare.replacingOccurrences(of: "@Suite(\"x\")", with: "@Suite(\"x\", .blocking)")
        #expect(Self.blockingCalls.contains { bare.contains($0) })
        #expect(!Self.hasTrait(bare))
        #expect(Self.hasTrait(marked))
        #expect(Self.extendedNames(in: "extension X {\n}") == ["X"])
    }

    /// Whether a suite or test of `text` is given one of the traits, as an argument.
    static func hasTrait(_ text: String) -> Bool {
        offThePoolTraits.contains { text.contains($0 + ")") || text.contains($0 + ",") }
    }

    static func suiteNames(in text: String) -> [String] {
        declaredNames(in: text, after: "struct ")
    }

    static func extendedNames(in text: String) -> [String] {
        declaredNames(in: text, after: "extension ")
    }

    private static func declaredNames(in text: String, after keyword: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(keyword) else { return nil }
            return line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber }.description
        }
    }

    /// Every suite's source under Tests/, but the helpers' own targets, the benchmarks and
    /// this file (which names the calls).
    static func testFiles() throws -> [(path: String, text: String)] {
        let skipped = ["TestSupport", "Benchmarks", "MemoryFloor", "PersistenceCrashWorker"].map { "Tests/\($0)/" }
        return try swiftSources(under: "Tests").filter { file in
            !skipped.contains { file.path.hasPrefix($0) } && file.path != "Tests/ArchitectureTests/BlockingSuitesTests.swift"
        }
    }
}

/// A suite given `.blocking`: its synchronous tests run on ``BlockingExecutor``'s threads.
@Suite("TestSupport: a suite given .blocking", .blocking)
struct BlockingTraitTests {
    @Test("a synchronous test of the suite runs on the executor's threads, not the pool's")
    func runsOffThePool() {
        #expect(BlockingExecutor.shared.runsCurrentThread)
    }

    @Test("its tasks run at a priority above the light suites', so the pool serves them first")
    func runsAbove() async {
        #expect(Task.currentPriority >= .high)
        let helper = Task { Task.currentPriority }
        #expect(await helper.value >= .high)
    }
}
