import Domain
import Foundation
import Rendering

// A state of your own: a five-minute sit, started and then paused after 2:05. Domain's
// transition function is the same one the sync server decides with.
let start = Date(timeIntervalSince1970: 1_795_246_200)  // 2026-11-21T07:30:00Z
let attributes = try SessionAttributes(name: SessionName("Morning sit"), plannedSeconds: 300)
var activity = try Transition.apply(.start(attributes, showSeconds: true), to: nil, at: start)
activity = try Transition.apply(.pause, to: activity, at: start.addingTimeInterval(125))

// What the presentation shows of it at an instant, and the buttons it offers.
let now = start.addingTimeInterval(200)
let session = SessionDisplay(activity: activity, timeDisplay: .elapsed, at: now)
let banner = LockScreenBanner(
    session: session, buttons: [KeyHint(key: "space", label: "Resume"), KeyHint(key: "f", label: "Finish")])

// A view is a pure function of its inputs and environment: the same frame every time.
let environment = ViewEnvironment(now: now, colorScheme: .dark)
let frame = Frame(rendering: banner, width: 50, height: 8, environment: environment)
print(PlainEncoder().encode(frame))
