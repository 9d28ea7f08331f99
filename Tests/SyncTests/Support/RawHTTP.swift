import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport

/// Plain HTTP requests with exact bytes, for checking the protocol itself: statuses,
/// headers and bodies as a curl user would see them.
enum RawHTTP {
    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: String
        /// The body as JSON.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }

    /// `timeout` bounds a hung server, not a slow machine: it is generous, as long as
    /// ``Patience/hang`` (10 s was once passed on a busy machine, the test process's two
    /// threads taken by other tests while the server in it waited for one).
    static func send(
        _ method: String, _ url: String, body: Data? = nil, headers: [(String, String)] = [],
        timeout: TimeAmount = .seconds(Patience.hang.components.seconds)
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let data = try await response.body.collect(upTo: 1 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: data))
    }

    static func send(_ method: String, _ url: String, json: String, headers: [(String, String)] = []) async throws -> Reply {
        try await send(method, url, body: Data(json.utf8), headers: [("Content-Type", "application/json")] + headers)
    }
}
