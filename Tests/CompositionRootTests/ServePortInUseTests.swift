import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve` on a port another server holds: it says which port and what to do,
/// exits 1, and the server that holds the port goes on answering.
@Suite("moments serve on a port in use, as a process", .serialized, .takingTurns)
struct ServePortInUseTests {
    @Test("a second server on the first one's port names the port and the flag to choose another")
    func portInUse() async throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let first = try ServerProcess(dataDirectory: scratch.url.appendingPathComponent("first"), arguments: [])
        let second = try BuiltProduct.run(
            "moments", ["serve", "--port", "\(first.port)", "--data-dir", scratch.url.appendingPathComponent("second").path])
        #expect(second.status == 1)
        #expect(second.errors.contains("port \(first.port) on 127.0.0.1 is already in use"), "\(second.errors)")
        #expect(second.errors.contains("--port (0 for any free one)"), "\(second.errors)")
        #expect(!second.errors.contains("errno"), "NIO's own text: \(second.errors)")
        #expect(try await MetricsScrape.status(of: first.baseURL + "/healthz") == 200, "the first server is untouched")
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)
    }
}
