import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wake of a loop that shows a running time (the session screen, `moments bar`): at the
/// next whole `unit` (a second or a minute) of the time sat, just after it, so the time
/// shown changes exactly then and an idle display costs nothing in between. During a
/// warm-up, at each whole second of the warm-up left (its countdown shows seconds); and
/// when a bell's flash ends before either, then.
enum DisplayTick {
    /// A task that yields `tick` into `sink` at the next change of what `content` shows
    /// after `now`: a whole `unit` of time sat, a second of warm-up, or `flashEnds`.
    static func schedule<Event: Sendable>(
        for content: ContentState, unit: Double, now: Date, flashEnds: Date? = nil,
        into sink: AsyncStream<Event>.Continuation, tick: Event
    ) -> Task<Void, Never> {
        var wait: Double
        let warmUp = content.warmUpLeft(at: now)
        if warmUp > 0 {
            let fraction = warmUp.truncatingRemainder(dividingBy: 1)
            wait = (fraction == 0 ? 1 : fraction) + 0.002
        } else {
            let elapsed = content.elapsed(at: now)
            wait = unit - elapsed.truncatingRemainder(dividingBy: unit) + 0.002
        }
        if let flashEnds { wait = min(wait, max(0, Seconds.between(now, flashEnds)) + 0.002) }
        // The loop's timer: the loop keeps it and cancels it when it schedules the next or ends.
        return Task {
            do { try await Task.sleep(for: .milliseconds(Int(wait * 1_000))) } catch { return }
            sink.yield(tick)
        }
    }
}
