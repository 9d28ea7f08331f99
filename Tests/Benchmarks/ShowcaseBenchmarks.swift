import Dispatch
import Fixtures
import Foundation
import Rendering
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Figures for the showcase: a cold `moments-showcase render` process from start to exit,
/// and every scenario of the catalog drawn in every variant.
enum ShowcaseBenchmarks {
    static func run() {
        coldRender()
        everyVariant()
    }

    /// Start to exit of `moments-showcase render ID`, output thrown away. Target < 50 ms.
    /// Spawned with `posix_spawn` and reaped with `waitpid`, so the figure is the
    /// process's own time and not Foundation's `Process` bookkeeping (which adds tens of
    /// milliseconds of its own on Linux).
    static func coldRender() {
        guard let binary = try? BuiltProduct.url(of: "moments-showcase") else {
            print("showcase.cold render: moments-showcase is not built beside Benchmarks; run `swift build -c release` first")
            return
        }
        let arguments = [binary.path, "render", "LiveActivity/LockScreen/paused", "--color", "truecolor"]
        Bench.time("showcase.cold render process, start to exit", samples: 31) {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            var argv = arguments.map { strdup($0) } + [nil]
            defer { for argument in argv { free(argument) } }
            var child: pid_t = 0
            guard posix_spawn(&child, binary.path, &actions, nil, &argv, environ) == 0 else { return }
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
    }

    /// Every scenario in every variant of ``Fixtures/Variant/all(for:)``, drawn into frames.
    /// Target < 200 ms in total. The histories of 100,000 sessions are made once before.
    /// Beside the whole catalog, the cost of one frame, and the views the catalog had before
    /// the live-only states joined it, so a figure of one catalog compares with the next.
    static func everyVariant() {
        let whole = draw(Catalog.all, "showcase.every scenario x every variant")
        let frames = Catalog.all.reduce(0) { $0 + Variant.all(for: $1).count }
        Bench.report("showcase.every scenario x every variant, per frame", seconds: whole / Double(frames))
        draw(Catalog.all.filter { !$0.kind.isLiveOnly }, "showcase.the views before the live-only states, x every variant")
    }

    /// Draws `scenarios` in every variant, 11 times, and reports the median as `name`.
    @discardableResult
    static func draw(_ scenarios: [Scenario], _ name: String) -> Double {
        let work = scenarios.map { scenario in (scenario, Variant.all(for: scenario)) }
        let frames = work.reduce(0) { $0 + $1.1.count }
        for (scenario, _) in work { Bench.blackHole(scenario.frame()) }
        return Bench.time("\(name) (\(frames) frames)", samples: 11) {
            for (scenario, variants) in work {
                let view = scenario.view()
                for variant in variants {
                    let size = variant.size(for: scenario)
                    Bench.blackHole(Frame(rendering: view, width: size.width, height: size.height, environment: scenario.environment(variant)))
                }
            }
        }
    }
}
