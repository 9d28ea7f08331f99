import Domain
import Fixtures
import Foundation
import Testing

@testable import Persistence

/// The fast reader of history lines gives exactly what `JSONDecoder` gives for every line
/// the store writes, and steps aside (answering `nil`) for anything else, so the slow path
/// decides — and words the error for — every unusual or damaged line.
struct HistoryLineParserTests {
    private static let records = [
        SessionRecordMother.makeRecord(),
        SessionRecordMother.makeRecord(name: SessionAttributesMother.emojiName, plannedSeconds: nil),
        SessionRecordMother.makeRecord(name: SessionAttributesMother.cjkName, outcome: .finishedEarly),
        SessionRecordMother.makeRecord(name: SessionAttributesMother.rightToLeftName, outcome: .cancelled),
        SessionRecordMother.makeRecord(name: SessionAttributesMother.longName, outcome: .expired),
        SessionRecordMother.makeRecord(plannedSeconds: 1, actualSeconds: 0.001),
        SessionRecordMother.makeRecord(startedAt: InstantMother.makeInstant(secondsAfterMorning: -86_400 * 400)),
    ]

    @Test(arguments: records)
    func everyLineTheStoreWritesIsReadByTheFastPathAsJSONDecoderReadsIt(record: SessionRecord) throws {
        let line = try HistoryLine.encode(record, path: "history.jsonl")
        let fast = HistoryLineParser.parse(line)
        #expect(fast == record)
        #expect(fast == (try JSONDecoder().decode(SessionRecord.self, from: line)))
    }

    @Test(arguments: [
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"A \"quoted\" sit","outcome":"completed","planned_seconds":600,"started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{ "actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z","mood":"calm"}"#,
    ])
    func linesInAnotherValidFormAreLeftToJSONDecoder(line: String) throws {
        #expect(HistoryLineParser.parse(Data(line.utf8)) == nil)
        _ = try JSONDecoder().decode(SessionRecord.self, from: Data(line.utf8))
    }

    @Test(arguments: [
        #"{"actual_seconds":01,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":-5,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-00000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:20:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","name":"Sit","outcome":"paused","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001","id":"4D4F4D45-4E54-4000-0000-000000000002","name":"Sit","outcome":"completed","started_at":"2026-11-21T07:30:00.000Z"}"#,
        #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z""#,
    ])
    func invalidLinesAreNeverAcceptedByTheFastPath(line: String) {
        #expect(HistoryLineParser.parse(Data(line.utf8)) == nil)
    }
}
