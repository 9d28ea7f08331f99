import Domain
import Fixtures
import Foundation
import Testing

/// Bell programs as data: how they are read from what a person types, what is refused and
/// why, and how they are written back.
@Suite("Bell programs")
struct BellProgramTests {
    let base = BellProgramMother.makeProgram(interval: nil)

    @Test("a duration is an interval, a list is instants, a preset is a whole program, words change their part")
    func reading() throws {
        #expect(try BellProgram.parse("5m", over: base).interval == .every(300))
        #expect(try BellProgram.parse("90s", over: base).interval == .every(90))
        #expect(try BellProgram.parse("25m,30m,55m", over: base).interval == .at([1_500, 1_800, 3_300]))
        #expect(try BellProgram.parse("5m", over: base).endStrikes == base.endStrikes, "what is not given is kept")
        #expect(try BellProgram.parse("none", over: base) == .silent)
        #expect(try BellProgram.parse("zen", over: base).startStrikes == 3)
        let words = try BellProgram.parse("warm-up=30s start=0 every=2m strikes=2 end=1", over: base)
        #expect(words == BellProgramMother.makeProgram(
            warmUpSeconds: 30, startStrikes: 0, interval: .every(120), intervalStrikes: 2, endStrikes: 1))
        #expect(try BellProgram.parse("every=off", over: words).interval == nil)
    }

    @Test("the words a program is written in read back as the same program, over any other",
        arguments: [
            BellProgram.silent, BellProgramMother.makeWarmUpSit(), BellProgramMother.makeSchedule(),
            BellProgramMother.makeProgram(warmUpSeconds: 90, startStrikes: 0, interval: nil, endStrikes: 2),
        ])
    func roundTrip(program: BellProgram) throws {
        for other in [BellProgram.silent, BellProgramMother.makeSchedule()] {
            #expect(try BellProgram.parse(program.text, over: other) == program, "\(program.text)")
        }
    }

    @Test("what cannot be rung is refused with what to do",
        arguments: [
            ("soon", "not a bell program"), ("25m,soon", "not a duration"), ("5s", "every 5s are too close"), ("30m,25m", "increasing order"),
            ("start=4", "choose from 0 to 3"), ("strikes=0", "choose from 1 to 3"), ("warm-up=20m", "A warm-up of 20m is out of range"),
            ("every=9h", "every 9h would never ring"), ("at=25m,9h", "A bell at 9h would never ring"),
            ("warm-up=9h", "A warm-up of 9h is out of range"), ("every=0.5s", "every 0.5s are too close"),
            ("loud=1", "not a bell program"), ("end=many", "not a number of strikes"),
        ])
    func refused(text: String, says: String) {
        #expect {
            try BellProgram.parse(text, over: base)
        } throws: { error in
            "\(error)".contains(says)
        }
    }

    @Test("no bell at or past the target; an open-ended session rings until its automatic end")
    func checkedAgainstTheTarget() throws {
        let schedule = BellProgramMother.makeSchedule()
        #expect(throws: ValidationError.self) { try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: 3_000, bells: schedule) }
        #expect(throws: ValidationError.self) {
            try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: 300, bells: BellProgramMother.makeProgram(interval: .every(300)))
        }
        let open = try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: nil, bells: BellProgramMother.makeProgram(interval: .every(600)))
        #expect(open.bells?.bell(1, target: nil) == Bell(kind: .interval, satSeconds: 600, strikes: 1, number: 1, of: nil))
        #expect(open.bells?.bell(47, target: nil)?.satSeconds == 28_200.0)
        #expect(open.bells?.bell(48, target: nil) == nil, "the 48th would ring at the automatic end")
        #expect(try SessionAttributes(name: SessionAttributesMother.makeName(), plannedSeconds: 60, bells: .silent).bells == nil)
    }

    @Test("a program's bells before the end, in order, each told as which of how many")
    func sequence() {
        let program = BellProgramMother.makeWarmUpSit()
        #expect(program.bell(0, target: 180) == Bell(kind: .start, satSeconds: 0, strikes: 1, number: 1, of: 1))
        #expect(program.bell(1, target: 180) == Bell(kind: .interval, satSeconds: 60, strikes: 1, number: 1, of: 2))
        #expect(program.bell(2, target: 180) == Bell(kind: .interval, satSeconds: 120, strikes: 1, number: 2, of: 2))
        #expect(program.bell(3, target: 180) == nil, "the bell at 3:00 is the end's")
        #expect(program.bell(3, target: 240)?.number == 3, "a later target makes room for another")
        #expect(program.bellsDue(satSeconds: 119.9995, warmedUp: true, target: 180) == 3, "due from the millisecond of its instant")
        #expect(program.bellsDue(satSeconds: 0, warmedUp: false, target: 180) == 0)
    }

    @Test("attributes and content with bells are written as JSON and read back; states without them read as before")
    func json() throws {
        let attributes = BellProgramMother.makeAttributes()
        let encoded = try JSONEncoder().encode(attributes)
        #expect(try JSONDecoder().decode(SessionAttributes.self, from: encoded) == attributes)
        let plain = try JSONEncoder().encode(SessionAttributesMother.makeAttributes())
        #expect(!String(decoding: plain, as: UTF8.self).contains("bells"))
        let content = try ContentState(
            secondsElapsed: 0, targetTimeInSeconds: 180, showSeconds: true, isPaused: false, measuredAt: InstantMother.morning,
            outcome: nil, warmUpLeft: 10, bellsRung: 2)
        #expect(try JSONDecoder().decode(ContentState.self, from: JSONEncoder().encode(content)) == content)
    }
}

/// The bells chosen in the settings (`moments settings set bells …`).
@Suite("Bells in the settings")
struct BellSettingTests {
    @Test("bells chosen replace the interval and end bells; default follows them again; each reads back as shown")
    func chosen() throws {
        var settings = SettingsMother.makeMinimalist()
        let following = settings.bellProgram
        #expect(following.interval == .every(300) && settings.value(of: .bells) == Settings.followingBells)
        try settings.set("bells", to: "zen")
        #expect(settings.bellProgram.startStrikes == 3 && settings.bellProgram.interval == nil)
        try settings.set("bells", to: "every=10m")
        #expect(settings.bellProgram.interval == .every(600) && settings.bellProgram.startStrikes == 3, "words change their part")
        var again = SettingsMother.makeSettings()
        try again.set("bells", to: settings.value(of: .bells))
        #expect(again.bells == settings.bells)
        try settings.set("bells", to: "none")
        #expect(settings.bells == .silent && settings.bellProgram == .silent, "none is a choice, not the default")
        try settings.set("bells", to: " Default ")
        #expect(settings.bells == nil && settings.bellProgram == following)
    }

    @Test("a program that cannot be rung is refused and changes nothing")
    func refused() throws {
        var settings = SettingsMother.makeZenSitter()
        let before = settings
        for text in ["loud", "start=4", "every=1s", ""] {
            #expect(throws: ValidationError.self) { try settings.set("bells", to: text) }
        }
        #expect(settings == before)
    }

    @Test("the settings file keeps the bells chosen, and one written without them reads as following")
    func json() throws {
        let chosen = SettingsMother.makeZenSitter()
        #expect(try JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(chosen)) == chosen)
        let following = try JSONEncoder().encode(SettingsMother.makeSettings())
        #expect(!String(decoding: following, as: UTF8.self).contains("bells"))
        #expect(try JSONDecoder().decode(Settings.self, from: following).bells == nil)
    }
}
