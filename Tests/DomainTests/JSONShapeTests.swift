import Domain
import Fixtures
import Foundation
import Testing

/// The JSON shape of every Domain value is a contract (Documentation/DomainJSON.md):
/// these tests pin it, so a change to it is a deliberate, visible decision.
@Suite("JSON shapes")
struct JSONShapeTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A strategy of its own must not change how Domain dates are written.
        encoder.dateEncodingStrategy = .secondsSince1970
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test("a paused activity")
    func activity() throws {
        let paused = ContentStateMother.makeActivity(steps: [(125, .pause)])
        let expected = #"{"attributes":{"name":"Morning sit","planned_seconds":300},"#
            + #""content":{"is_paused":true,"measured_at":"2026-11-21T07:32:05.000Z","outcome":null,"#
            + #""seconds_elapsed":125,"show_seconds":true,"target_seconds":300},"#
            + #""lifecycle":{"dismissal_policy":{"kind":"default"},"ended_at":null,"started_at":"2026-11-21T07:30:00.000Z"}}"#
        #expect(try json(paused) == expected)
        #expect(try decode(Activity.self, expected) == paused)
    }

    @Test("an ended, open-ended activity")
    func endedActivity() throws {
        let finished = ContentStateMother.makeActivity(
            attributes: SessionAttributesMother.makeOpenEnded(), steps: [(600.25, .finish)])
        let text = try json(finished)
        #expect(text.contains(#""outcome":"completed""#))
        #expect(text.contains(#""target_seconds":null"#))
        #expect(text.contains(#""ended_at":"2026-11-21T07:40:00.250Z""#))
        #expect(try decode(Activity.self, text) == finished)
    }

    @Test("a history record")
    func record() throws {
        let record = SessionRecordMother.makeRecord(
            id: UUID(uuidString: "8A1C2E6F-3B1D-4F7A-9C55-2D7E0B9A4C11")!, outcome: .finishedEarly)
        let expected = #"{"actual_seconds":600,"ended_at":"2026-11-21T07:40:00.000Z","#
            + #""id":"8A1C2E6F-3B1D-4F7A-9C55-2D7E0B9A4C11","name":"Morning sit","outcome":"finished_early","#
            + #""planned_seconds":600,"started_at":"2026-11-21T07:30:00.000Z"}"#
        #expect(try json(record) == expected)
        #expect(try decode(SessionRecord.self, expected) == record)
    }

    @Test("settings, and an older file that lacks a field")
    func settings() throws {
        let expected = #"{"bell_volume":80,"default_duration_seconds":600,"desktop_notification":false,"end_bell":true,"#
            + #""interval_bell_minutes":null,"show_seconds":true,"time_display":"elapsed"}"#
        #expect(try json(SettingsMother.makeSettings()) == expected)
        #expect(try decode(Settings.self, #"{"show_seconds":false}"#).showSeconds == false)
        #expect(try decode(Settings.self, "{}") == .standard)
    }

    @Test("intents, as the wire and the logs carry them")
    func intents() throws {
        #expect(try json(Intent.pause) == #"{"action":"pause"}"#)
        #expect(try json(Intent.adjustTarget(bySeconds: -60)) == #"{"action":"adjust","adjust_seconds":-60}"#)
        let start = Intent.start(SessionAttributesMother.makeAttributes(), showSeconds: false)
        #expect(try json(start) == #"{"action":"start","attributes":{"name":"Morning sit","planned_seconds":300},"show_seconds":false}"#)
        for intent in [Intent.pause, .resume, .finish, .cancel, .adjustTarget(bySeconds: 30), start] {
            #expect(try decode(Intent.self, try json(intent)) == intent)
        }
    }

    @Test("dismissal policies")
    func dismissal() throws {
        #expect(try json(DismissalPolicy.immediate) == #"{"kind":"immediate"}"#)
        let after = DismissalPolicy.after(InstantMother.morning)
        #expect(try json(after) == #"{"date":"2026-11-21T07:30:00.000Z","kind":"after"}"#)
        #expect(try decode(DismissalPolicy.self, try json(after)) == after)
    }

    @Test("bad documents are refused with a message that names the field")
    func refusals() {
        let cases: [(String, String)] = [
            (#"{"name":"","planned_seconds":300}"#, "name is empty"),
            (#"{"name":"ok","planned_seconds":0}"#, "from 1 second to 8 hours"),
            (#"{"name":"a\u001b[2J","planned_seconds":300}"#, "U+001B"),
        ]
        for (text, message) in cases {
            #expect(performing: { _ = try decode(SessionAttributes.self, text) }, throws: { error in
                String(describing: error).contains(message)
            })
        }
        let badDate = #"{"is_paused":false,"measured_at":"yesterday","outcome":null,"seconds_elapsed":1,"show_seconds":true,"target_seconds":null}"#
        #expect(performing: { _ = try decode(ContentState.self, badDate) }, throws: { error in
            String(describing: error).contains("'measured_at' must be an RFC 3339 instant")
        })
        let negative = #"{"is_paused":false,"measured_at":"2026-11-21T07:30:00Z","outcome":null,"seconds_elapsed":-4,"show_seconds":true,"target_seconds":null}"#
        #expect(performing: { _ = try decode(ContentState.self, negative) }, throws: { error in
            String(describing: error).contains("'seconds_elapsed' must not be negative")
        })
        let inconsistent = #"{"attributes":{"name":"x","planned_seconds":null},"content":{"is_paused":false,"measured_at":"2026-11-21T07:30:00Z","outcome":"cancelled","seconds_elapsed":1,"show_seconds":true,"target_seconds":null},"lifecycle":{"dismissal_policy":{"kind":"default"},"ended_at":null,"started_at":"2026-11-21T07:30:00Z"}}"#
        #expect(performing: { _ = try decode(Activity.self, inconsistent) }, throws: { error in
            String(describing: error).contains("has no end date")
        })
        #expect(performing: { _ = try decode(Intent.self, #"{"action":"explode"}"#) }, throws: { error in
            String(describing: error).contains("'action' must be start, pause")
        })
    }
}
