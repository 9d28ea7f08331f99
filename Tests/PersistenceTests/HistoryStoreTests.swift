import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// The session history: what is appended is there after reopening, in order, once, and
/// the ranges and stats read from it match the Domain's own answers.
@Suite(.blocking)
struct HistoryStoreTests {
    @Test func appendedSessionsAreThereAfterReopening() throws {
        try TemporaryFolder.with { folder in
            let year = SessionRecordMother.makeYear()
            let store = try HistoryStore.open(directory: folder.url)
            for record in year { try store.append(record) }
            // Every id is still found after the table of ids grew from its smallest size.
            #expect(try store.append(contentsOf: year.shuffled()) == 0)
            store.close()

            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.records == year.sorted { $0.startedAt < $1.startedAt })
            #expect(reopened.issues.isEmpty)
        }
    }

    @Test func namesThatNeedEscapingAndEveryOutcomeSurviveTheRoundTrip() throws {
        try TemporaryFolder.with { folder in
            let records = [
                SessionRecordMother.makeRecord(name: SessionAttributesMother.emojiName),
                SessionRecordMother.makeRecord(name: SessionAttributesMother.cjkName, outcome: .finishedEarly),
                SessionRecordMother.makeRecord(name: SessionAttributesMother.rightToLeftName, outcome: .cancelled),
                SessionRecordMother.makeRecord(name: SessionAttributesMother.longName, outcome: .expired),
                SessionRecordMother.makeRecord(name: #"The "still" point \ and a/slash"#, plannedSeconds: nil),
                SessionRecordMother.makeRecord(actualSeconds: 599.123),
            ]
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(contentsOf: records)
            store.close()
            #expect(try Set(HistoryStore.open(directory: folder.url).records) == Set(records))
        }
    }

    @Test func aRetriedAppendIsRecognisedAndWritesNothing() throws {
        try TemporaryFolder.with { folder in
            let record = SessionRecordMother.makeRecord()
            let store = try HistoryStore.open(directory: folder.url)
            #expect(try store.append(record))
            let size = try folder.bytes(HistoryStore.fileName).count
            #expect(try !store.append(record))
            #expect(try store.append(contentsOf: [record, record]) == 0)
            #expect(try folder.bytes(HistoryStore.fileName).count == size)
            store.close()
            #expect(try HistoryStore.open(directory: folder.url).count == 1)
        }
    }

    @Test func sessionsAppendedOutOfOrderAreListedByStart() throws {
        try TemporaryFolder.with { folder in
            let late = SessionRecordMother.makeRecord(startedAt: InstantMother.makeInstant(secondsAfterMorning: 7_200))
            let early = SessionRecordMother.makeRecord(startedAt: InstantMother.makeInstant(secondsAfterMorning: -7_200))
            let middle = SessionRecordMother.makeRecord()
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(late)
            try store.append(early)
            try store.append(middle)
            #expect(store.records == [early, middle, late])
        }
    }

    @Test func aDateRangeListsTheSessionsThatStartedInIt() throws {
        try TemporaryFolder.with { folder in
            let year = SessionRecordMother.makeYear()
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(contentsOf: year)
            let from = InstantMother.makeInstant(secondsAfterMorning: -30 * 86_400)
            let to = InstantMother.makeInstant(secondsAfterMorning: -7 * 86_400)
            let expected = year.filter { (from..<to).contains($0.startedAt) }.sorted { $0.startedAt < $1.startedAt }
            #expect(store.records(startedIn: from..<to) == expected)
            #expect(!expected.isEmpty)
            #expect(store.records(startedIn: to..<to).isEmpty)
        }
    }

    @Test func statsAreTheDomainsStatsOfTheWholeHistory() throws {
        try TemporaryFolder.with { folder in
            let year = SessionRecordMother.makeYear()
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(contentsOf: year)
            let stats = SessionStats(records: store.records, timeZone: .utc, now: InstantMother.morning, days: 14)
            #expect(stats == SessionStats(records: year, timeZone: .utc, now: InstantMother.morning, days: 14))
            #expect(stats.sessionCount > 200)
        }
    }

    @Test func theFileIsAHeaderThenOneSessionPerLine() throws {
        try TemporaryFolder.with { folder in
            let record = SessionRecordMother.makeRecord(id: UUID(uuidString: "4D4F4D45-4E54-4000-0000-000000000001")!)
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(record)
            let text = String(decoding: try folder.bytes(HistoryStore.fileName), as: UTF8.self)
            #expect(
                text == """
                    {"format":"little-moments/history","version":1}
                    {"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","id":"4D4F4D45-4E54-4000-0000-000000000001",\
                    "name":"Morning sit","outcome":"completed","planned_seconds":600,"started_at":"2026-11-21T07:30:00.000Z"}

                    """)
        }
    }

    @Test func linesWrittenByHandInAnyValidJSONFormAreRead() throws {
        try TemporaryFolder.with { folder in
            try folder.write(
                """
                {"format":"little-moments/history","version":1}
                { "started_at" : "2026-11-21T07:30:00Z", "ended_at": "2026-11-21T07:40:00+00:00",
                """.replacingOccurrences(of: ",\n", with: ",")
                    + #" "id":"4d4f4d45-4e54-4000-0000-000000000002","name":"Caf\u00e9 sit","outcome":"completed","actual_seconds":6e2}"#
                    + "\n",
                to: HistoryStore.fileName)
            let store = try HistoryStore.open(directory: folder.url)
            #expect(store.issues.isEmpty)
            #expect(store.records.map(\.name.value) == ["Café sit"])
            #expect(store.records.first?.plannedSeconds == nil)
            #expect(store.records.first?.actualSeconds == 600)
        }
    }

    @Test func aClosedStoreRefusesAppendsButStillReads() throws {
        try TemporaryFolder.with { folder in
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(SessionRecordMother.makeRecord())
            store.close()
            let path = folder.path(HistoryStore.fileName).path
            #expect(throws: PersistenceError.closed(path: path)) { try store.append(SessionRecordMother.makeRecord()) }
            #expect(store.count == 1)
        }
    }

    @Test func oneHundredThousandSessionsRoundTrip() throws {
        try TemporaryFolder.with { folder in
            let many = SessionRecordMother.makeMany(count: 100_000)
            let store = try HistoryStore.open(directory: folder.url)
            try store.append(contentsOf: many)
            store.close()
            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.count == 100_000)
            #expect(reopened.records == many)
        }
    }

    @Test func aVariedHistoryReadsBackAsItWasListedWhileAppended() throws {
        try TemporaryFolder.with { folder in
            let records = SessionRecordMother.makeVaried(count: 3_000, seed: 61)
            let store = try HistoryStore.open(directory: folder.url)
            for batch in stride(from: 0, to: records.count, by: 250) {
                try store.append(contentsOf: records[batch..<min(batch + 250, records.count)])
            }
            let listed = store.records
            store.close()
            // Not vacuous: some sessions were appended after one that started later.
            #expect(zip(records, records.dropFirst()).contains { $1.startedAt < $0.startedAt })
            let reopened = try HistoryStore.open(directory: folder.url)
            #expect(reopened.issues.isEmpty)
            #expect(reopened.records == listed)
            #expect(try !reopened.append(records[1_234]))
            #expect(try reopened.append(contentsOf: records.shuffled()) == 0)
        }
    }

    @Test func anIdWrittenTwiceByHandKeepsItsFirstRecord() throws {
        try TemporaryFolder.with { folder in
            let first = SessionRecordMother.makeRecord(name: "First")
            let again = SessionRecordMother.makeRecord(id: first.id, name: "Again", startedAt: InstantMother.makeInstant(secondsAfterMorning: 3_600))
            let zero = SessionRecordMother.makeRecord(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), name: "Zero")
            let lines = try [first, again, zero, zero].map { String(decoding: try JSONEncoder.sorted.encode($0), as: UTF8.self) }
            try folder.write(
                #"{"format":"little-moments/history","version":1}"# + "\n" + lines.joined(separator: "\n") + "\n",
                to: HistoryStore.fileName)
            let store = try HistoryStore.open(directory: folder.url)
            #expect(store.records.map(\.name.value) == ["First", "Zero"])
            #expect(try !store.append(again))
            #expect(try !store.append(zero))
        }
    }
}

extension JSONEncoder {
    /// An encoder writing sorted keys, as the store writes its lines.
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
