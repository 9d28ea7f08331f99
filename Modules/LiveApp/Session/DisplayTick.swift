import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wake of a loop that shows a running time (the session screen, `moments bar`): at the
/// next whole `unit` (a second or a minute) of the time sat, just after it, so the time
/// shown changes exactly then and an idle display costs nothing in between.
enum DisplayTick {
    /// A task that yields `tick` into `sink` at the next whole `unit` of `content`'s time
    /// sat after `now`.
    static func schedule<Event: Sendable>(
        for content: ContentState, unit: Double, now: Date, into sink: AsyncStream<Event>.Continuation, tick: Event
    ) -> Task<Void, Never> {
        let elapsed = content.elapsed(at: now)
        let wait = unit - elapsed.truncatingRemainder(dividingBy: unit) + 0.002
        return Task {
            do { try await Task.sleep(for: .milliseconds(Int(wait * 1_000))) } catch { return }
            sink.yield(tick)
        }
    }
}
