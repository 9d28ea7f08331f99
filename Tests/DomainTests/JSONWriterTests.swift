import Domain
import Fixtures
import Foundation
import PropertyBased
import TestSupport
import Testing

/// ``Domain/JSONWriter`` writes what `JSONEncoder` with sorted keys and unescaped slashes
/// writes, byte for byte: the encoder stays the reference, and a store written by either
/// reads the same (issue 25).
@Suite("JSONWriter against JSONEncoder")
struct JSONWriterTests {
    static func encoded(_ value: some Encodable) throws -> String { try JSONReference.encoded(value) }

    static func written(_ value: some JSONWritable) -> String { JSONReference.written(value) }

    static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 16)
        write(&writer)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test("strings: every ASCII character, escapes, slashes and names in any script")
    func strings() throws {
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        let texts = [
            "", ascii, #"a "quote", a \ and a / slash"#, "tab\there\nnew line\r\u{0B}\u{0C}\u{08}\u{7F}",
            SessionAttributesMother.emojiName, SessionAttributesMother.cjkName, SessionAttributesMother.rightToLeftName,
            "\u{2028}\u{2029}\u{FEFF}", String(repeating: "long ", count: 500),
        ]
        for text in texts {
            #expect(Self.written { $0.string(text) } == (try Self.encoded(text)), "\(text.debugDescription)")
        }
    }

    @Test("numbers as Double: durations and Unix times to the millisecond, and any other finite value")
    func numbers() async throws {
        let fixed: [Double] = [
            0, 1, 0.5, 0.001, 599.123, 999_999_999.999, 1e9, 1_795_000_000.12, 999_999_999_999.999, 1e12, 1e15, 1e16, 1e21, 1e-7, 123_456.7891, -0.0, -1, -599.5,
            .pi, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .ulpOfOne, 0.1 + 0.2,
        ]
        for value in fixed {
            #expect(Self.written { $0.number(value) } == (try Self.encoded(value)), "\(value)")
        }
        await propertyCheck(count: 2_000, input: Gen.int(in: 0...999_999_999_999_999), Gen.uint64()) { millis, bits in
            let duration = Double(millis) / 1_000
            let encodedDuration = try Self.encoded(duration)
            #expect(Self.written { $0.number(duration) } == encodedDuration, "\(duration)")
            let any = Double(bitPattern: bits)
            guard any.isFinite else { return }
            let encodedAny = try Self.encoded(any)
            #expect(Self.written { $0.number(any) } == encodedAny, "\(any)")
        }
    }

    @Test("integers, booleans, null, and the commas of nested arrays and objects")
    func structure() throws {
        for value in [0, 1, -1, 42, Int.max, Int.min] {
            #expect(Self.written { $0.integer(value) } == (try Self.encoded(value)))
        }
        for value: UInt64 in [0, 7, .max] {
            #expect(Self.written { $0.integer(value) } == (try Self.encoded(value)))
        }
        struct Nested: Encodable {
            let a: [[Int]] = [[], [1], [2, 3]]
            let b: [String: Bool] = [:]
            let c = [true, false]
        }
        let written = Self.written { writer in
            writer.beginObject()
            writer.key("a")
            writer.beginArray()
            for inner in [[], [1], [2, 3]] {
                writer.beginArray()
                for value in inner { writer.integer(value) }
                writer.endArray()
            }
            writer.endArray()
            writer.key("b")
            writer.beginObject()
            writer.endObject()
            writer.key("c")
            writer.beginArray()
            writer.bool(true)
            writer.bool(false)
            writer.endArray()
            writer.endObject()
        }
        #expect(written == (try Self.encoded(Nested())))
        #expect(Self.written { $0.null() } == (try Self.encoded(Int?.none)))
    }

    @Test("a value written once and repeated: after a key, after another value, and past the buffer's first size")
    func repeatedValues() throws {
        struct Twice: Encodable {
            let first: [Activity]
            let second: Activity
        }
        for activity in Self.activities().prefix(12) {
            // The writer starts at 16 bytes, so each repeat grows its buffer.
            let written = Self.written { writer in
                writer.beginObject()
                writer.key("first")
                writer.beginArray()
                let range = writer.valueAt(activity)
                writer.repeatValue(at: range)
                writer.endArray()
                writer.key("second")
                writer.repeatValue(at: range)
                writer.endObject()
            }
            #expect(written == (try Self.encoded(Twice(first: [activity, activity], second: activity))))
        }
    }

    /// Activities in every moment of a session, with and without bells, target or seconds.
    static func activities() -> [Activity] {
        let moments: [SessionScript.Moment] = [
            .justStarted, .running(elapsed: 125.25), .paused(elapsed: 125), .completed(elapsed: 300),
            .finishedEarly(elapsed: 61.5), .cancelled(elapsed: 3), .expired(elapsed: 125), .rang(elapsed: 70),
            .rang(elapsed: 5),
        ]
        let programs: [BellProgram?] = [
            nil, BellProgramMother.makeWarmUpSit(), BellProgramMother.makeSchedule(),
            BellProgramMother.makeProgram(warmUpSeconds: 0, startStrikes: 0, interval: nil, endStrikes: 0),
        ]
        var activities: [Activity] = []
        for moment in moments {
            for program in programs {
                for (name, planned) in [("Morning sit", 300.0), (#"Quiet "one" \ /"#, nil), (SessionAttributesMother.emojiName, 3_600)] {
                    let script = SessionScriptMother.makeScript(
                        name: name, plannedSeconds: planned, moment: moment, showSeconds: planned != nil, bells: program)
                    activities += ContentStateMother.makeTimeline(
                        attributes: script.attributes, showSeconds: script.showSeconds, start: script.start,
                        steps: script.steps.map { ($0.afterSeconds, $0.intent) }
                    ).map(\.activity)
                }
            }
        }
        // A group sit (ADR 0072), its code open, then revoked, then the sit finished.
        let started = try? Transition.apply(
            .start(SessionAttributesMother.makeGroupSit(), showSeconds: true), to: nil, at: InstantMother.morning)
        if let started, let revoked = try? Transition.apply(.revokeCode, to: started, at: InstantMother.morning.addingTimeInterval(61.25)),
            let finished = try? Transition.apply(.finish, to: revoked, at: InstantMother.morning.addingTimeInterval(300))
        {
            activities += [started, revoked, finished]
            // Counted (ADR 0073): fourteen at most, three now, and frozen at the end.
            let crowd = Transition.counting(Transition.counting(started, sitting: 14), sitting: 3)
            if let ended = try? Transition.apply(.finish, to: crowd, at: InstantMother.morning.addingTimeInterval(300)) {
                activities += [crowd, ended]
            }
        }
        // A scheduled sit (ADR 0074), waiting, then begun by itself.
        if let waiting = try? Transition.apply(
            .start(SessionAttributesMother.makeScheduled(bells: BellProgramMother.makeWarmUpSit()), showSeconds: true), to: nil,
            at: InstantMother.morning)
        {
            activities += [waiting, Transition.advance(waiting, to: InstantMother.morning.addingTimeInterval(250.5))]
        }
        return activities
    }

    @Test("every Domain value the server keeps, in every moment of a session")
    func domainValues() throws {
        let activities = Self.activities()
        #expect(activities.count > 150)
        #expect(activities.contains { $0.attributes.isGroup && $0.lifecycle.codeRevokedAt != nil })
        #expect(activities.contains { $0.content.mostSitting > $0.content.sitting })
        #expect(activities.contains { $0.content.isScheduled })
        var alerts = 0
        for activity in activities {
            #expect(Self.written(activity) == (try Self.encoded(activity)))
            #expect(Self.written(activity.content) == (try Self.encoded(activity.content)))
            #expect(Self.written(activity.attributes) == (try Self.encoded(activity.attributes)))
            #expect(Self.written(activity.lifecycle) == (try Self.encoded(activity.lifecycle)))
            if let bells = activity.attributes.bells {
                #expect(Self.written(bells) == (try Self.encoded(bells)))
            }
        }
        for (before, after) in zip(activities, activities.dropFirst()) {
            guard let alert = BellAlert.rung(from: before, to: after) else { continue }
            alerts += 1
            #expect(Self.written(alert) == (try Self.encoded(alert)))
        }
        #expect(alerts > 0)
        for policy in [DismissalPolicy.default, .immediate, .after(InstantMother.morning)] {
            #expect(Self.written(policy) == (try Self.encoded(policy)))
        }
    }
}
