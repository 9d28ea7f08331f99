import Domain
import Fixtures
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import Persistence

/// The fast reader of history lines held to `JSONDecoder`, its oracle, over generated
/// records and damaged lines: it reads every line the store writes exactly as the decoder
/// does (but for names with an escape, which it leaves to the decoder), and never accepts
/// a line the decoder refuses or reads it differently (ADR 0035).
@Suite("History lines: the fast reader against JSONDecoder")
struct HistoryLinePropertyTests {
    @Test("every generated record round-trips through the line the store writes, read by both")
    func generatedRecordsRoundTrip() async {
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            // One reader for the whole batch, as the loader uses it: its names are reused.
            var parser = HistoryLineParser()
            for record in SessionRecordMother.makeVaried(count: 20, seed: seed) {
                let line = try HistoryLine.encode(record, path: "history.jsonl")
                let decoded = try JSONDecoder().decode(SessionRecord.self, from: line)
                #expect(decoded == record)
                // A name with an escape (a quote, a backslash) is the one thing the fast
                // reader leaves to the decoder; every other line it reads itself.
                let escaped = line.contains(UInt8(ascii: "\\"))
                let fast = parser.parse(line)
                #expect(fast == record || (escaped && fast == nil), "\(String(decoding: line, as: UTF8.self))")
            }
        }
    }

    @Test("a line changed anywhere is read by the fast reader as JSONDecoder reads it, or left to it")
    func damagedLinesAgreeWithTheDecoder() async {
        let records = SessionRecordMother.makeVaried(count: 64, seed: 7)
        let lines = records.compactMap { try? HistoryLine.encode($0, path: "history.jsonl") }
        let bytes: [UInt8] = Array(#"0123456789-.eE+"\{}:,nul tZ/é"#.utf8) + [0x00, 0x0A, 0x7F, 0xFF]
        await propertyCheck(
            count: 2_000, input: Gen.int(in: 0...(lines.count - 1)), Gen.int(in: 0...10_000), Gen.int(in: 0...(bytes.count - 1)),
            Gen.int(in: 0...2)
        ) { which, position, byte, edit in
            let line = ByteEdit.allCases[edit].applied(to: Array(lines[which]), at: position, byte: bytes[byte])
            let data = Data(line)
            let oracle = try? JSONDecoder().decode(SessionRecord.self, from: data)
            var parser = HistoryLineParser()
            let fast = parser.parse(data)
            if let fast {
                #expect(fast == oracle, "accepted differently: \(String(decoding: data, as: UTF8.self))")
            }
        }
    }

    @Test("numbers are read as Double(text) reads them, whatever their digits, sign and exponent")
    func numbersAgreeWithDoubleParsing() async {
        await propertyCheck(
            count: 2_000, input: Gen.int(in: 0...Int.max), Gen.int(in: 0...62), Gen.int(in: 0...20), Gen.bool,
            Gen.int(in: -30...30)
        ) { bits, shift, scale, negative, exponent in
            let digits = bits >> shift
            var text = String(digits)
            if scale > 0 {
                text = String(repeating: "0", count: max(0, scale + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
            }
            if negative { text = "-" + text }
            if exponent != 0, digits % 3 == 0 { text += "e\(exponent)" }
            let object = Array(#"{"n":\#(text)}"#.utf8)
            var scanned: Double?
            let accepted = object.withUnsafeBufferPointer { bytes in
                var scanner = FlatJSONScanner(bytes: bytes)
                return scanner.scanObject { _, value in
                    if case .number(let number) = value { scanned = number }
                    return true
                }
            }
            #expect(accepted)
            let expected = Double(text)!
            #expect(scanned?.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
