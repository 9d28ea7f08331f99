// Runs a five-minute session through the Domain's rules, the way a server would, and
// prints what an observer would show at each step.
import Domain
import Foundation

let start = Date(timeIntervalSince1970: 1_795_246_200)  // 2026-11-21T07:30:00Z
let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)

func show(_ label: String, _ activity: Activity, at instant: Date) {
    let content = activity.content
    let time = timerDisplayFromSeconds(seconds: content.elapsed(at: instant), showSeconds: content.showSeconds)
    print("\(label): \(time) \(activity.status(at: instant).rawValue)\(content.isPaused ? " paused" : "")")
}

show("start", activity, at: start)
activity = try Transition.apply(.pause, to: activity, at: start.addingTimeInterval(125))
show("pause", activity, at: start.addingTimeInterval(200))
activity = try Transition.apply(.resume, to: activity, at: start.addingTimeInterval(200))
show("resume", activity, at: start.addingTimeInterval(260))
activity = Transition.advance(activity, to: start.addingTimeInterval(1_000))
show("advance", activity, at: start.addingTimeInterval(1_000))
print("outcome: \(activity.content.outcome?.rawValue ?? "none")")
do {
    _ = try Transition.apply(.pause, to: activity, at: start.addingTimeInterval(1_001))
} catch {
    print("refused: \(error.code)")
}
