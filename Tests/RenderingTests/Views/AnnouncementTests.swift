import Domain
import Fixtures
import Foundation
import Rendering
import Testing

/// The words a voice says of a session (``Rendering/Announcement``): English number words,
/// durations as a person says them, one sentence per event, and which level says each.
struct AnnouncementTests {
    static func display(_ content: ContentState) -> SessionDisplay {
        SessionDisplayMother.makeDisplay(content: content)
    }

    @Test("numbers and durations in words", arguments: [
        (0, "zero"), (7, "seven"), (13, "thirteen"), (20, "twenty"), (21, "twenty-one"), (99, "ninety-nine"),
        (100, "one hundred"), (105, "one hundred and five"), (480, "four hundred and eighty"), (1_000, "one thousand"),
        (1_205, "one thousand two hundred and five"), (10_000, "ten thousand"), (10_050, "ten thousand and fifty"),
    ])
    func numbers(number: Int, words: String) {
        #expect(NumberWords.words(number) == words)
    }

    @Test("a duration is said in hours and minutes, seconds only under a minute")
    func durations() {
        #expect(NumberWords.duration(45) == "forty-five seconds")
        #expect(NumberWords.duration(60) == "one minute")
        #expect(NumberWords.duration(20 * 60 + 59) == "twenty minutes")
        #expect(NumberWords.duration(3_600) == "one hour")
        #expect(NumberWords.duration(3_600 + 5 * 60) == "one hour and five minutes")
        #expect(NumberWords.duration(2 * 3_600 + 60) == "two hours and one minute")
    }

    @Test("each event's sentence, from the state right after it")
    func sentences() {
        let started = Self.display(ContentStateMother.makeInProgress(elapsed: 0, target: 1_200))
        #expect(Announcement.began.words(of: started) == "Twenty minutes. Begin.")
        let openEnded = Self.display(ContentStateMother.makeOpenEnded(elapsed: 600))
        #expect(Announcement.began.words(of: openEnded) == "Begin.")
        #expect(Announcement.minutes(10).words(of: openEnded) == "Ten minutes.")
        let running = Self.display(ContentStateMother.makeInProgress(elapsed: 600, target: 1_200))
        #expect(Announcement.minutes(10).words(of: running) == "Ten minutes remain.")
        #expect(Announcement.minutes(1).words(of: running) == "One minute remains.")
        let bell = BellAlert(Bell(kind: .interval, satSeconds: 600, strikes: 1, number: 2, of: 3), due: Date(timeIntervalSince1970: 0))
        #expect(Announcement.bell(bell).words(of: running) == "Bell two of three. Ten minutes remain.")
        #expect(Announcement.paused.words(of: running) == "Paused.")
        #expect(Announcement.ended.words(of: Self.display(ContentStateMother.makeCompleted(target: 1_200))) == "Your sit is complete: twenty minutes.")
        #expect(Announcement.ended.words(of: Self.display(ContentStateMother.makeFinishedEarly(elapsed: 4 * 60 + 30))) == "Finished early: four minutes sat.")
        #expect(Announcement.ended.words(of: Self.display(ContentStateMother.makeCancelled())) == "Cancelled; not counted.")
    }

    @Test("bells says the beginning, the bells and the end; minutes the time left too; all every change; off nothing")
    func levels() {
        let bell = BellAlert(Bell(kind: .interval, satSeconds: 600, strikes: 1, number: 2, of: 3), due: Date(timeIntervalSince1970: 0))
        let events: [Announcement] = [.began, .bell(bell), .ended, .minutes(5), .warmUp, .paused, .resumed]
        let said = { (level: Settings.Voice) in events.filter { $0.isSaid(at: level) } }
        #expect(said(.off).isEmpty)
        #expect(said(.bells) == [.began, .bell(bell), .ended])
        #expect(said(.minutes) == [.began, .bell(bell), .ended, .minutes(5)])
        #expect(said(.all) == events)
    }
}
