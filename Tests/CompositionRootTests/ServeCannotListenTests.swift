import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve` where it cannot listen (a port another server holds, an address that
/// is not this machine's, a host that does not exist): it says which and what to do, exits
/// 1, and the server that holds the port goes on answering.
@Suite("moments serve where it cannot listen, as a process", .serialized, .takingTurns)
struct ServeCannotListenTests {
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

    /// 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
    @Test("an address that is not this machine's, or a host that does not exist, is said as such, naming --host",
        arguments: [("192.0.2.1", "no network interface of this machine has the address 192.0.2.1"),
                    ("nosuch.invalid", "there is no host called nosuch.invalid")])
    func addressNotHere(host: String, says: String) throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let run = try BuiltProduct.run("moments", ["serve", "--host", host, "--port", "0", "--data-dir", scratch.url.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot listen: \(says)"), "\(run.errors)")
        #expect(run.errors.contains("give --host one of this machine's addresses"), "\(run.errors)")
        #expect(!run.errors.contains("already in use"), "\(run.errors)")
    }
}
