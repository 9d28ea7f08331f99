import Domain
import Fixtures
import Foundation
import Rendering

/// Figures for the Rendering module: a big frame, a tick through the diff renderer, and
/// every view the apps assemble.
enum RenderingBenchmarks {
    static func environment(_ scheme: ColorScheme = .dark, secondsAfterMorning: Double = 125) -> ViewEnvironment {
        ViewEnvironment(
            now: InstantMother.makeInstant(secondsAfterMorning: secondsAfterMorning), colorScheme: scheme,
            textSize: .medium, colorDepth: .trueColor, timeZone: .utc)
    }

    /// One view of every kind, built from Mothers.
    static func everyView() -> [AnyView] {
        let session = SessionDisplay(name: "Morning sit", content: ContentStateMother.makeInProgress())
        let presets = PresetOptionMother.makePresets()
        return [
            AnyView(TimerScreen(session: session, hints: KeyHintMother.makeTimerHints())), AnyView(LockScreenBanner(session: session, buttons: KeyHintMother.makeButtons())),
            AnyView(CompactLeading(session: session)), AnyView(CompactTrailing(session: session)),
            AnyView(MinimalPresentation(session: session)), AnyView(ExpandedPresentation(session: session, buttons: KeyHintMother.makeButtons())),
            AnyView(SmallWidget(content: .preset(presets[1]))),
            AnyView(MediumWidget(todayMinutes: 25, streakDays: 7, presets: presets)),
            AnyView(HistoryList(records: SessionRecordMother.makeYear().reversed())),
            AnyView(StatsView(stats: SessionStatsMother.makeStats())),
            AnyView(SettingsView(settings: SettingsMother.makeSettings(), selection: .showSeconds)),
            AnyView(PresetPicker(presets: presets, selection: 1)),
        ]
    }

    static func run() {
        let timer = TimerScreen(session: SessionDisplay(name: "Morning sit", content: ContentStateMother.makeInProgress()), hints: KeyHintMother.makeTimerHints(content: ContentStateMother.makeInProgress()))
        let encoder = ANSIEncoder(depth: .trueColor)
        var seconds = 125.0
        Bench.time("rendering.timer 200x50 render+encode truecolor", batch: 50) {
            seconds += 1
            let frame = Frame(rendering: timer, width: 200, height: 50, environment: environment(secondsAfterMorning: seconds))
            Bench.blackHole(encoder.encode(frame))
        }

        let diff = DiffRenderer(depth: .trueColor)
        for size in [Size(width: 80, height: 24), Size(width: 200, height: 50)] {
            let label = "rendering.tick \(size.width)x\(size.height)"
            let before = Frame(rendering: timer, width: size.width, height: size.height, environment: environment(secondsAfterMorning: 125))
            let after = Frame(rendering: timer, width: size.width, height: size.height, environment: environment(secondsAfterMorning: 126))
            Bench.report(label + " diff bytes", value: Double(diff.update(from: before, to: after).utf8.count), unit: "B", label: "size  ")
            Bench.time(label + " diff only", batch: 200) {
                Bench.blackHole(diff.update(from: before, to: after))
            }
            var now = 126.0
            var previous = after
            Bench.time(label + " render+diff", batch: 50) {
                now += 1
                let next = Frame(rendering: timer, width: size.width, height: size.height, environment: environment(secondsAfterMorning: now))
                Bench.blackHole(diff.update(from: previous, to: next))
                previous = next
            }
        }

        let views = everyView()
        let sizes = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)]
        let environments = [environment(.dark), environment(.light)]
        Bench.time("rendering.every view x 2 schemes x 3 sizes (\(views.count * 6) frames)", samples: 15) {
            for view in views {
                for environment in environments {
                    for size in sizes {
                        let frame = Frame(rendering: view, width: size.width, height: size.height, environment: environment)
                        Bench.blackHole(encoder.encode(frame))
                    }
                }
            }
        }
    }
}
