// Benchmarks: `swift run -c release Benchmarks [suite ...]`. With no argument every suite
// runs; each prints one line per figure: name, median, unit.
let suites: [(name: String, run: () -> Void)] = [
    ("domain", DomainBenchmarks.run),
    // The bowl synthesised once, as the first ring of a bell pays it.
    ("sound", SoundBenchmarks.run),
    ("persistence", PersistenceBenchmarks.run),
    ("rendering", RenderingBenchmarks.run),
    ("sync", { SyncBenchmarks.run() }),
    // The in-process figures of `sync` alone, to profile the intent path: only when named.
    ("intents", SyncBenchmarks.runInProcess),
    // `moments serve` as a process pushing to 1 to 10,000 event streams (needs the release `moments`).
    ("fanout", FanOutBenchmarks.run),
    // A group sit on `moments serve`: 1,000 and 10,000 followers on its channel (needs the release `moments`).
    ("group", GroupSitBenchmarks.run),
    // The same on three servers sharing one PostgreSQL: 3,000 followers, bells and presence.
    ("group-shared", SharedGroupSitBenchmarks.run),
    // The same server measured by HTTPLoad and by wrk (needs the release `moments` and wrk).
    ("serve", ServeBenchmarks.run),
    // The same figures with the server keeping `moments serve`'s metrics, for their cost.
    ("sync-metrics", { SyncBenchmarks.run(metrics: true) }),
    // Three servers on one PostgreSQL, which it starts itself (Scripts/prepare-tests installs it).
    ("shared", SharedSyncBenchmarks.run),
    ("commands", CommandBenchmarks.run),
    ("live", LiveBenchmarks.run),
    // `moments serve` and `moments bar` as processes (needs the release `moments`).
    ("bar", BarBenchmarks.run),
    // `moments serve` ringing bells every 10 seconds in 20 sessions (needs the release `moments`).
    ("bells", BellBenchmarks.run),
    // `moments serve` as a process around bursts of 2,000 event streams (needs the release `moments`).
    ("memory", MemoryBenchmarks.run),
    ("showcase", ShowcaseBenchmarks.run),
]

let requested = Set(CommandLine.arguments.dropFirst())
let onlyWhenNamed: Set = ["intents"]
for suite in suites where requested.contains(suite.name) || (requested.isEmpty && !onlyWhenNamed.contains(suite.name)) {
    suite.run()
}
