import Domain
import FuzzSupport
import SyncProtocol
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The server's fuzz target: what a client sends, through `RequestValidation`, the checks
/// the routes make. The same bytes are read as a creation body, an intent body, and as the
/// `Authorization`, `Last-Event-ID`, `If-Match` and `Idempotency-Key` headers (a line per
/// header value), and as a group sit's join code as a person types it and a follower's
/// `Sitter` header.
///
/// Properties: an accepted intent body is what `JSONDecoder` alone reads (the compact
/// reader agrees with its reference); an accepted body encodes, as the client writes it, and reads back to the
/// same values; an accepted header's value, written back as a client writes it, reads to
/// itself; an accepted key has the allowed length and characters; nothing traps.
enum ServerRequestsFuzz {
    static func check(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        if let body = try? RequestValidation.createBody(data) {
            let again = try? RequestValidation.createBody(JSONEncoder().encode(body))
            fuzzRequire(
                again?.attributes == body.attributes && again?.clientID == body.clientID
                    && again?.showSeconds == body.showSeconds,
                "an accepted creation body does not read back to itself")
        }
        if let body = try? RequestValidation.intentBody(data) {
            let decoded = try? RequestValidation.intentBodyDecoded(data)
            fuzzRequire(
                decoded?.intent == body.intent && decoded?.clientID == body.clientID && decoded?.intentID == body.intentID
                    && decoded?.expectedVersion == body.expectedVersion,
                "an intent body is read otherwise than JSONDecoder reads it")
            let again = try? RequestValidation.intentBody(JSONEncoder().encode(body))
            fuzzRequire(
                again?.intent == body.intent && again?.clientID == body.clientID && again?.intentID == body.intentID
                    && again?.expectedVersion == body.expectedVersion,
                "an accepted intent body does not read back to itself")
        }
        if let token = try? RequestValidation.bearer(text) {
            fuzzRequire(!token.isEmpty && (try? RequestValidation.bearer("Bearer " + token)) == token, "token '\(token)' does not read back")
        }
        if let version = RequestValidation.lastEventID(text) {
            fuzzRequire(RequestValidation.lastEventID(String(version)) == version, "Last-Event-ID \(version) does not read back")
        }
        if let version = try? RequestValidation.expectedVersion(ifMatch: text, body: nil) {
            fuzzRequire((try? RequestValidation.expectedVersion(ifMatch: "\"\(version)\"", body: version)) == version,
                "If-Match \(version) does not read back")
        }
        if let code = JoinCode(text) {
            fuzzRequire(!code.id.isEmpty && !code.secret.isEmpty && JoinCode(code.description) == code, "join code '\(code)' does not read back")
        }
        if let sitter = Sitter(text) {
            fuzzRequire(
                (1...64).contains(sitter.id.utf8.count)
                    && sitter.id.utf8.allSatisfy { $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
                    && Sitter(sitter.id) == sitter,
                "Sitter '\(sitter)' holds what the header may not, or does not read back")
        }
        let values = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let key = try? RequestValidation.idempotencyKey(values) {
            fuzzRequire(values.count == 1, "\(values.count) Idempotency-Key headers were taken")
            fuzzRequire((IdempotencyKey.minimumLength...IdempotencyKey.maximumLength).contains(key.value.utf8.count),
                "a key of \(key.value.utf8.count) bytes was taken")
            fuzzRequire((try? RequestValidation.idempotencyKey(["\"\(key.value)\""])) == key, "key '\(key)' does not read back")
        }
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    ServerRequestsFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzServerRequestsMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzServerRequests", corpus: FuzzCorpus.folder(beside: #filePath), check: ServerRequestsFuzz.check)
        #endif
    }
}
