import Foundation
import Synchronization
import TestSupport
import Testing

/// The test run's own rule: a suite that blocks its thread on a child process or a
/// pseudo-terminal runs on threads of its own (TestSupport's `.ownThreads`, or
/// `.takingTurns`, which includes it). On the cooperative pool (two threads here) two such
/// suites at once stopped every in-process server of the other suites for seconds, and
/// those suites failed for no fault of the code.
@Suite("Architecture: blocking suites are off the cooperative pool")
struct BlockingSuitesTests {
    /// Calls that block the calling thread until a child process answers or exits.
    static let blockingCalls = [
        "PseudoTerminal(", ".moments(", "BuiltProduct.run(", "ProcessRunner.run(", "waitForExit(", "waitUntilExit(",
        "DesktopSession.start(", "WorkerProcess", "usleep(", "HeadlessChromium",
    ]

    /// The traits that move a suite off the pool.
    static let offThePoolTraits = [".ownThreads", ".takingTurns"]

    @Test("every test file that calls a blocking helper has its suite on threads of its own")
    func blockingSuitesHaveOwnThreads() throws {
        let folder = packageRoot.appendingPathComponent("Tests")
        var sources: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            sources[String(file.path.dropFirst(folder.path.count + 1))] = try String(contentsOf: file, encoding: .utf8)
        }
        // The helpers themselves, the benchmarks' program and the child programs are no suites.
        let suites = sources.filter { path, text in
            text.contains("@Test") && !path.hasPrefix("TestSupport/") && !path.hasPrefix("Benchmarks/")
        }
        #expect(suites.count > 50, "found too few test files under \(folder.path)")
        var offenders: [String] = []
        for (path, text) in suites where Self.blockingCalls.contains(where: text.contains) {
            if Self.isOffThePool(text) { continue }
            // An extension's suite is declared in another file.
            let extended = Self.extendedType(in: text)
            let declaration = extended.flatMap { name in suites.values.first { $0.contains("struct \(name) {") } }
            if let declaration, Self.isOffThePool(declaration) { continue }
            offenders.append(path)
        }
        #expect(offenders.isEmpty, "these suites block on processes on the cooperative pool; give them .ownThreads: \(offenders.sorted())")
    }

    /// How many of ``atMostWidthAtOnce(case:)``'s cases are running.
    static let running = Mutex(0)

    @Test("at most OwnThreads.width tests run on their own threads at once", .ownThreads, arguments: 0..<4)
    func atMostWidthAtOnce(case: Int) async throws {
        let now = Self.running.withLock { count in
            count += 1
            return count
        }
        #expect(now <= OwnThreads.width)
        try await Task.sleep(for: .milliseconds(50))
        Self.running.withLock { $0 -= 1 }
    }

    @Test("a synchronous test under .ownThreads, as the pseudo-terminal tests are, runs on the executor's threads", .ownThreads)
    func synchronousTestsToo() {
        #expect(BlockingExecutor.shared.runsCurrentThread)
    }

    @Test("a test under .ownThreads runs on the executor's threads, and one blocked job never holds up another", .ownThreads)
    func ownThreadsRunEachJobBesideTheBlockedOnes() async {
        #expect(BlockingExecutor.shared.runsCurrentThread)
        // Each child blocks its thread until the other has run: on any fixed number of
        // threads fewer than the children, this would never end.
        let count = 4
        let arrived = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    arrived.signal()
                    Self.block(on: proceed)
                }
            }
            group.addTask {
                for _ in 0..<count { Self.block(on: arrived) }
                for _ in 0..<count { proceed.signal() }
            }
        }
    }

    /// Blocks the calling thread until `semaphore` is signalled, as a process wait does.
    static func block(on semaphore: DispatchSemaphore) { semaphore.wait() }

    /// Whether `source` gives a suite or a test one of ``offThePoolTraits``.
    static func isOffThePool(_ source: String) -> Bool {
        offThePoolTraits.contains { source.contains($0) }
    }

    /// The type a file's top-level `extension` names, if it has one.
    static func extendedType(in source: String) -> String? {
        for line in source.split(separator: "\n") where line.hasPrefix("extension ") {
            return line.dropFirst("extension ".count).split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" }).first.map(String.init)
        }
        return nil
    }
}
