import Domain
import Fixtures
import Foundation
import Synchronization
import Testing

@testable import LiveApp

/// `moments history --json` is written by hand in chunks (ADR 0035); what it writes is,
/// byte for byte, what `JSONEncoder` made of the same document before: for thousands of
/// generated sessions with every kind of name, outcome and open-ended session, with and
/// without `--since`, and for no session at all.
@Suite("history --json, written in chunks, against JSONEncoder")
struct HistoryJSONTests {
    /// The document as the chunked writer writes it, and how many chunks it took.
    private static func written(_ document: HistoryDocument) -> (text: String, chunks: Int) {
        let console = PreviewConsoleOutput()
        let chunks = Mutex(0)
        let output = console.console.output
        document.writeJSON { chunk in
            chunks.withLock { $0 += 1 }
            output(chunk)
        }
        return (console.output, chunks.withLock { $0 })
    }

    @Test("thousands of generated sessions, with and without a start, print as JSONEncoder printed them")
    func generatedHistories() throws {
        let records = SessionRecordMother.makeVaried(count: 3_000, seed: 25)
        // Not vacuous: the generator gave every outcome, open-ended sessions and odd names.
        #expect(Set(records.map(\.outcome)) == Set(SessionOutcome.allCases))
        #expect(records.contains { $0.plannedSeconds == nil })
        #expect(records.contains { $0.name.value.contains("\"") && $0.name.value.contains("\\") == false })
        #expect(records.contains { $0.name.value.contains("\\") })
        for since in [nil, InstantMother.morning.addingTimeInterval(-86_400 * 7 + 0.125)] {
            let document = HistoryDocument(since: since, sessions: records.reversed())
            let oracle = try CommandOutput.jsonText(document) + "\n"
            #expect(Self.written(document).text == oracle)
        }
    }

    @Test("no session at all prints as JSONEncoder printed it")
    func emptyHistory() throws {
        let document = HistoryDocument(since: InstantMother.morning, sessions: [])
        #expect(Self.written(document).text == (try CommandOutput.jsonText(document)) + "\n")
    }

    @Test("a long history is handed on in chunks, never as one string")
    func chunks() throws {
        let document = HistoryDocument(since: nil, sessions: SessionRecordMother.makeMany(count: 10_000))
        let (text, chunks) = Self.written(document)
        #expect(chunks >= text.utf8.count / PrettyJSONWriter.chunkSize)
        #expect(chunks > 1)
        #expect(text == (try CommandOutput.jsonText(document)) + "\n")
    }

    /// A document of strings only, to hold the writer's escaping to the encoder's for text
    /// no session name may hold: every C0 control, DEL, C1, separators, quotes, slashes.
    private struct Strings: Encodable {
        let texts: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (offset, text) in texts.enumerated() { try container.encode(text, forKey: AnyKey(offset)) }
        }

        /// `k000`, `k001`… so the sorted order is the written order.
        struct AnyKey: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(_ offset: Int) { stringValue = "k" + String(String(offset + 1_000).dropFirst()) }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }

    @Test("strings with any control character, quote or slash are escaped as JSONEncoder escapes them")
    func escaping() throws {
        var texts = (0..<0x20).map { "a\(Character(Unicode.Scalar(UInt8($0))))b" }
        texts += ["\u{7F}", "\u{80}\u{9F}", "\u{2028}\u{2029}", #"q"q\b/s"#, "é日🧘🏽‍♀️", "\u{FEFF}", "", "\"\"\\\\"]
        let console = PreviewConsoleOutput()
        var writer = PrettyJSONWriter(emit: console.console.output)
        writer.openObject()
        for (offset, text) in texts.enumerated() { writer.member(Strings.AnyKey(offset).stringValue, string: text) }
        writer.closeObject()
        writer.finish()
        #expect(console.output == (try CommandOutput.jsonText(Strings(texts: texts))) + "\n")
    }
}
