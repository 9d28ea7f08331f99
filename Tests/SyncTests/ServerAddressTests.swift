import Domain
import Foundation
import SyncClient
import SyncProtocol
import SyncTestSupport
import TestSupport
import Testing

/// A `--server` that names no server, or another program: said as such, before anything
/// is tried, or from the first answer; never "no activity ''".
@Suite("Sync HTTP client: addresses that are not a sync server's", .servedFirst)
struct ServerAddressTests {
    @Test("an address is http:// or https://, a host and a port from 1 to 65535 and nothing more, or it is refused saying how to write it",
        arguments: [
            ("http://127.0.0.1:7460", nil), ("https://moments.example.org", nil), ("http://[::1]:7460/", nil),
            ("HTTP://host:1/", nil), ("http://host:1/base", "has a path, query or fragment"),
            ("http://host:1?x=1", "has a path, query or fragment"), ("http://host:1/#top", "has a path, query or fragment"),
            ("http://ana:secret@host:1", "carries credentials"), ("notaurl", "is not a server's address"), ("ftp://host:21", "is not a server's address"),
            ("127.0.0.1:7460", "is not a server's address"), ("http://", "names no host"), ("http://:7460", "names no host"),
            ("http://host:0", "no port from 1 to 65535"), ("http://host:70000", "no port from 1 to 65535"),
            ("http://host:x", "no port from 1 to 65535"),
        ] as [(String, String?)])
    func addresses(address: String, problem: String?) {
        let found = ServerAddresses.problem(with: address)
        guard let problem else {
            #expect(found == nil, "\(address): \(found ?? "")")
            return
        }
        #expect(found?.contains(problem) == true, "\(address): \(found ?? "nil")")
        #expect(found?.contains("http://HOST:PORT") == true, "\(address): \(found ?? "nil")")
    }

    @Test("a port nothing listens on is said to refuse the connection, naming the address")
    func refused() async throws {
        let connection = HTTPSyncConnection(baseURL: "http://127.0.0.1:9", readTimeout: .seconds(5), attempts: 1)
        do {
            _ = try await connection.activities()
            Issue.record("port 9 answered")
        } catch {
            #expect(error.description.contains("http://127.0.0.1:9 refused the connection"), "\(error)")
        }
    }

    @Test("another program answering a bare 404 is no sync server: reads and intents say so, not that an activity is unknown")
    func bareNotFound() async throws {
        let page = "<html><body>Not Found</body></html>"
        let other = try FixedAnswerServer(
            answer: "HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: \(page.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(page)")
        defer { other.close() }
        let connection = HTTPSyncConnection(baseURL: other.baseURL, readTimeout: .seconds(5), attempts: 1)
        var errors: [SyncError] = []
        do { _ = try await connection.activities() } catch { errors.append(error) }
        do { _ = try await connection.activity(id: "some-id", token: "token") } catch { errors.append(error) }
        #expect(errors.count == 2)
        for error in errors {
            guard case .unreachable(let reason) = error else {
                Issue.record("expected unreachable, got \(error)")
                continue
            }
            #expect(reason.contains("HTTP 404, not the sync protocol's"), "\(reason)")
            #expect(error.description.contains("moments serve"), "\(error.description)")
        }
    }

    @Test("the sync server's own 404 still names the activity it does not know")
    func protocolNotFound() async throws {
        let harness = try SyncHarness()
        let http = try await RunningHTTPServer.start(harness.server)
        let connection = HTTPSyncConnection(baseURL: http.baseURL, readTimeout: .seconds(5), attempts: 1)
        await #expect(throws: SyncError.notFound(id: "no-such-activity")) {
            _ = try await connection.activity(id: "no-such-activity", token: "token")
        }
        try await http.stop()
    }
}
