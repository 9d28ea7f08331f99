import Domain
import Fixtures
import Foundation

/// Figures for the Domain: the cost of the one duration formatter and of one transition.
enum DomainBenchmarks {
    static func run() {
        var seconds = 0.0
        Bench.time("domain.timerDisplayFromSeconds (M:SS)", batch: 10_000) {
            seconds = seconds >= 3_599 ? 0 : seconds + 1.25
            Bench.blackHole(timerDisplayFromSeconds(seconds: seconds, showSeconds: true))
        }
        Bench.time("domain.timerDisplayFromSeconds (H:MM:SS)", batch: 10_000) {
            seconds = seconds >= 30_000 ? 3_600 : seconds + 7.5
            Bench.blackHole(timerDisplayFromSeconds(seconds: seconds + 3_600, showSeconds: true))
        }

        let running = ContentStateMother.makeActivity()
        let paused = ContentStateMother.makeActivity(steps: [(125, .pause)])
        var now = InstantMother.makeInstant(secondsAfterMorning: 60)
        Bench.time("domain.transition (pause a running session)", batch: 10_000) {
            now.addTimeInterval(0.001)
            Bench.blackHole(try? Transition.apply(.pause, to: running, at: now))
        }
        Bench.time("domain.transition (resume a paused session)", batch: 10_000) {
            now.addTimeInterval(0.001)
            Bench.blackHole(try? Transition.apply(.resume, to: paused, at: now))
        }
        Bench.time("domain.advance (nothing due)", batch: 10_000) {
            Bench.blackHole(Transition.advance(running, to: now))
        }
    }
}
