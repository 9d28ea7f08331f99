import Domain
import Fixtures
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import SyncProtocol

/// The compact reader of intent bodies held to `StrictJSON` (`JSONDecoder`), its oracle:
/// it reads every body the project's client writes as the oracle does (but for strings
/// with an escape, which it leaves to the oracle), and never accepts a body the oracle
/// refuses or reads it differently.
@Suite("Intent bodies: the compact reader against StrictJSON")
struct IntentBodyReadingTests {
    @Test("every body the client writes is read compactly, to what StrictJSON reads")
    func clientBodiesAreReadCompactly() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var random = SeededGenerator(seed: seed)
            let body = Self.body(&random)
            let data = try JSONEncoder().encode(body)
            let compact = IntentBody.readCompact(data)
            let oracle = try RequestValidation.intentBodyDecoded(data)
            #expect(Self.same(oracle, body), "the oracle reads the written body back")
            // JSONEncoder escapes `"`, `\`, `/` and control characters: those the oracle reads.
            let escaped = data.contains(UInt8(ascii: "\\"))
            #expect(compact.map { Self.same($0, oracle) } ?? escaped, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test("a body changed anywhere is read compactly as StrictJSON reads it, or left to it")
    func damagedBodiesAgreeWithTheOracle() async {
        var random = SeededGenerator(seed: 25)
        let bodies = (0..<32).compactMap { _ in try? JSONEncoder().encode(Self.body(&random)) }
        let bytes: [UInt8] = Array(#"0123456789-.eE+"\{}:,nul trfalse_dijo/é"#.utf8) + [0x00, 0x0A, 0x7F, 0xFF]
        await propertyCheck(
            count: 3_000, input: Gen.int(in: 0...(bodies.count - 1)), Gen.int(in: 0...10_000),
            Gen.int(in: 0...(bytes.count - 1)), Gen.int(in: 0...2)
        ) { which, position, byte, edit in
            let data = Data(ByteEdit.allCases[edit].applied(to: Array(bodies[which]), at: position, byte: bytes[byte]))
            if let compact = IntentBody.readCompact(data) {
                let oracle = try? RequestValidation.intentBodyDecoded(data)
                #expect(oracle.map { Self.same(compact, $0) } == true, "accepted differently: \(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    @Test("what the compact reader leaves to StrictJSON", arguments: [
        #"{ "client_id":"c","intent_id":"i","action":"pause"}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","action":"resume"}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","expected_version":null}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","expected_version":1.0}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","expected_version":12345678901234567890}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","colour":"blue"}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause","adjust_seconds":60}"#,
        #"{"client_id":"c\u0041","intent_id":"i","action":"pause"}"#,
        #"{"client_id":"c","intent_id":"i","action":"adjust"}"#,
        #"{"client_id":"c","action":"pause"}"#,
        #"{"client_id":"c","intent_id":"i","action":"start"}"#,
        #"{"client_id":"c","intent_id":"i","action":"pause"} "#,
    ])
    func leftToTheOracle(_ text: String) {
        #expect(IntentBody.readCompact(Data(text.utf8)) == nil)
    }

    @Test("a whole expected version is read exactly, up to 19 digits")
    func versionsAreExact() throws {
        for version: UInt64 in [0, 1, 9_007_199_254_740_993, 9_999_999_999_999_999_999] {
            let text = #"{"action":"pause","client_id":"c","expected_version":\#(version),"intent_id":"i"}"#
            let body = try #require(IntentBody.readCompact(Data(text.utf8)))
            #expect(body.expectedVersion == version)
        }
    }

    // MARK: - generated bodies

    /// A body as a client might send it: ids of any characters, any intent an intent body
    /// may carry, a version or none.
    private static func body(_ random: inout SeededGenerator) -> IntentBody {
        let intent: Intent = switch Int.random(in: 0...4, using: &random) {
        case 0: .pause
        case 1: .resume
        case 2: .finish
        case 3: .cancel
        default: .adjustTarget(bySeconds: Double(Int.random(in: -28_800_000...28_800_000, using: &random)) / 1_000)
        }
        let version: UInt64? = Bool.random(using: &random) ? nil : UInt64.random(in: 0...(1 << 62), using: &random)
        return IntentBody(
            clientID: text(&random), intentID: text(&random), intent: intent, expectedVersion: version)
    }

    /// 1 to 40 characters, mostly plain, sometimes ones JSON escapes or far from ASCII.
    private static func text(_ random: inout SeededGenerator) -> String {
        let alphabet = Array("abcXYZ019-_.:é漢🧘 ") + ["\"", "\\", "/", "\n", "\u{7}"]
        let plain = Bool.random(using: &random)
        return String((0..<Int.random(in: 1...40, using: &random)).map { _ in
            plain ? alphabet[Int.random(in: 0...8, using: &random)] : alphabet.randomElement(using: &random)!
        })
    }

    private static func same(_ one: IntentBody, _ other: IntentBody) -> Bool {
        one.clientID == other.clientID && one.intentID == other.intentID && one.intent == other.intent
            && one.expectedVersion == other.expectedVersion
    }
}
