// swift-tools-version: 6.1
//
// Little Moments for the terminal: a meditation timer whose Live Activity is driven only
// by pushes from a sync server. The package is a monorepo with a module per role, wired
// only in the composition root (one wiring-only target per app, so the live product links
// no fixture: ADR 0017); see Documentation/Architecture.md for the import rules that
// Tests/ArchitectureTests enforces.
import PackageDescription

/// Whether `Scripts/fuzz` is building (`MOMENTS_FUZZ=1`): this package's own modules are
/// then compiled for libFuzzer and AddressSanitizer, and its dependencies as they are for
/// every other build, so the fuzz targets reuse what `swift build` already made of NIO,
/// Hummingbird and BoringSSL rather than compiling them again (ADR 0020).
let fuzzing = Context.environment["MOMENTS_FUZZ"] == "1"

/// How the apps are linked on Linux: by lld (ADR 0046), with the Swift runtime and
/// FoundationEssentials linked in (ADR 0047): `-static-stdlib`, without the symbol export
/// its driver file asks for, with the libraries the driver leaves out (ICU's too, for an
/// app that links all of `foundation`, ADR 0069). The same flags on every host (ADR 0057);
/// with the default trait `PackedRelocations`, relative relocations packed (ADR 0081).
func appLinking(foundation: Bool = false) -> [LinkerSetting] {
    let runtime = ["-static-stdlib", "-Xlinker", "--no-export-dynamic", "-l_FoundationCollections", "-l_FoundationCShims"]
    let icu = foundation ? ["-lCoreFoundation", "-l_FoundationICU"] : []
    return [
        .unsafeFlags(["-use-ld=lld"] + runtime + icu, .when(platforms: [.linux])),
        .unsafeFlags(["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux], traits: ["PackedRelocations"])),
    ]
}

/// Settings shared by every target. Swift 6 language mode gives complete strict
/// concurrency checking; the upcoming features below are adopted early, one line each.
let swiftSettings: [SwiftSetting] = [
    // SE-0335: spell existential types `any P`, so the cost of a protocol box is visible.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: an import is visible only in the file that writes it, which keeps the
    // architecture test's view of each file's imports honest.
    .enableUpcomingFeature("MemberImportVisibility"),
] + (fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"]), .define("FUZZING")] : [])

// MARK: - The shapes every target takes, each with the shared settings

/// A module of this package, in `Modules/NAME` unless `path` says otherwise.
func module(_ name: String, _ dependencies: [Target.Dependency] = [], path: String? = nil) -> Target {
    .target(name: name, dependencies: dependencies, path: path ?? "Modules/\(name)", swiftSettings: swiftSettings)
}

/// A live implementation of LiveApp's protocols, in `Modules/Adapters/NAME`.
func adapter(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    module(name, dependencies, path: "Modules/Adapters/\(name)")
}

/// A wiring-only composition, in `Modules/CompositionRoot/NAME` (ADR 0017).
func composition(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    module(name, dependencies, path: "Modules/CompositionRoot/\(name)")
}

/// A test suite, in `Tests/NAME`.
func suite(_ name: String, _ dependencies: [Target.Dependency], exclude: [String] = []) -> Target {
    .testTarget(
        name: name, dependencies: dependencies, path: "Tests/\(name)", exclude: exclude, swiftSettings: swiftSettings)
}

/// A program the tests or benchmarks run, at `path`.
func program(
    _ name: String, _ dependencies: [Target.Dependency] = [], path: String, exclude: [String] = [], linking: [LinkerSetting] = []
) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies, path: path, exclude: exclude, swiftSettings: swiftSettings, linkerSettings: linking)
}

/// An app's thin `@main`, at `path`; a terminal app links the Swift runtime in (ADR 0047).
func app(_ name: String, _ dependencies: [Target.Dependency], path: String, foundation: Bool = false) -> Target {
    program(name, dependencies, path: path, linking: appLinking(foundation: foundation))
}

/// A libFuzzer target, in `Tests/Fuzz/NAME` with its corpus beside it (ADR 0020); linked
/// with libFuzzer and AddressSanitizer's runtimes when ``fuzzing``.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: dependencies + ["FuzzSupport"], path: "Tests/Fuzz/\(name)", exclude: ["Corpus"],
        swiftSettings: swiftSettings, linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : [])
}

/// The libraries another package may depend on, one by one, each a product of its own
/// module. Fixtures is sample data for other packages' tests and previews, never for
/// production code.
let libraries = [
    "Domain", "Rendering", "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "SyncClient", "Persistence",
    "SyncJSONStore", "SyncPostgres", "TerminalIO", "DBus", "Sound", "LiveApp", "Fixtures", "ShowcaseApp",
    "LiveComposition", "ShowcaseComposition", "ServerComposition",
]

let package = Package(
    name: "little-moments",
    platforms: [.macOS(.v15)],
    products: libraries.map { Product.library(name: $0, targets: [$0]) } + [
        // MARK: - The two mini-apps, and the shared server's program
        .executable(name: "moments", targets: ["MomentsLive"]),
        .executable(name: "moments-showcase", targets: ["MomentsShowcase"]),
        // `moments serve --database-url` becomes this program: the same commands with the
        // PostgreSQL driver, which `moments` does not link (ADR 0022).
        .executable(name: "moments-server", targets: ["MomentsServer"]),
    ],
    // `--disable-default-traits` builds apps that start on a C library older than glibc 2.36.
    traits: [
        .trait(name: "PackedRelocations", description: "Link the apps with DT_RELR relocations (glibc 2.36 or later)."),
        .default(enabledTraits: ["PackedRelocations"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // No default traits: "FullFoundation" would link all of Foundation and ICU into the
        // apps, and "ConfigurationSupport" swift-configuration, neither of which they use
        // (ADR 0016).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `merge` of a bar's inputs (already resolved through swift-service-lifecycle).
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Property-based tests of the fuzz targets' round trips (Documentation/Fuzzing.md).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Sync's storage on PostgreSQL, shared by any number of `moments serve` (issue #13).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // SHA-256, HKDF and AES-GCM for Sync's digests and sealed tokens (ADR 0024): already
        // resolved through the server libraries, and better checked than a hand-written hash.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        // The server's figures (issue #25, ADR 0034): Sync records through swift-metrics'
        // API; `moments serve` exposes them with swift-prometheus, which needs no Foundation.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `swift package generate-documentation` of the DocC catalogs (Scripts/docs); a plugin only.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Domain: pure values and rules, Foundation only
        module("Domain"),
        suite("DomainTests", [
            "Domain", "Fixtures", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),

        // MARK: - Rendering: the terminal view toolkit and every view; Domain only
        module("Rendering", ["Domain"]),
        suite("RenderingTests", [
            "Rendering", "Domain", "Fixtures", "TestSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),

        // MARK: - The server half, a module per role (issue 54, item 6)
        // The wire protocol client and server share: intents, pushes, errors, the
        // connection a client talks through, and the observer that orders pushes.
        module("SyncProtocol", ["Domain"]),
        // People's access keys, their digests and limits; the random tokens of activities.
        module("AccessKeys", ["Domain", "SyncProtocol", .product(name: "Crypto", package: "swift-crypto")]),
        // The authoritative server: decisions, group commit, timed changes, pushes, and the
        // storage protocols its backends implement. No network library.
        module("SyncAuthority", [
            "Domain", "SyncProtocol", "AccessKeys",
            .product(name: "Crypto", package: "swift-crypto"),
            // The API only: which backend takes the figures is the composition's choice.
            .product(name: "CoreMetrics", package: "swift-metrics"),
        ]),
        // The server over HTTP and server-sent events, on Hummingbird: routes, middleware,
        // the keys' checks, connection limits.
        module("SyncHTTP", [
            "Domain", "SyncProtocol", "SyncAuthority", "AccessKeys",
            .product(name: "Hummingbird", package: "hummingbird"),
            // Its connection-count delegate, which Hummingbird takes but does not re-export.
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            // Its bootstrap on an already bound socket: the embedded listener (ADR 0037).
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
        ]),
        // The client over AsyncHTTPClient: intents, event streams, failover between servers.
        module("SyncClient", [
            "Domain", "SyncProtocol",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        suite("SyncTests", [
            "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "SyncClient", "Domain", "Fixtures", "TestSupport", "SyncTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),

        // MARK: - Persistence: durable JSON files; Domain only
        module("Persistence", ["Domain"]),
        suite("PersistenceTests", [
            "Persistence", "Domain", "Fixtures", "TestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // The child process the crash, lock and permission tests start, kill and watch.
        program("PersistenceCrashWorker", ["Persistence", "Domain", "Fixtures"], path: "Tests/PersistenceCrashWorker"),

        // MARK: - SyncJSONStore: Sync's storage on Persistence's durable JSON files
        module("SyncJSONStore", ["Domain", "SyncProtocol", "AccessKeys", "SyncAuthority", "Persistence"]),
        suite("SyncJSONStoreTests", ["SyncJSONStore", "SyncProtocol", "SyncAuthority", "Domain", "Persistence", "Fixtures", "TestSupport"]),

        // MARK: - SyncPostgres: Sync's storage on PostgreSQL, shared by N stateless servers
        module("SyncPostgres", [
            "Domain", "SyncProtocol", "AccessKeys", "SyncAuthority",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Against a real PostgreSQL that each suite starts for itself (TestSupport's
        // PostgresServer); `Scripts/prepare-tests` installs Debian's.
        suite("SyncPostgresTests", [
            "SyncPostgres", "SyncProtocol", "AccessKeys", "SyncAuthority", "Domain", "Fixtures", "TestSupport", "SyncTestSupport",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: - Threads: the one way a thread of its own is started; the C library only
        module("Threads"), suite("ThreadsTests", ["Threads"]),

        // MARK: - TerminalIO: raw mode, keys, signals, size, output, restore; toolchain only
        module("TerminalIO", ["Threads"]),
        suite("TerminalIOTests", ["TerminalIO", "TestSupport"]),
        // The child process the terminal tests crash, kill and exit in a pseudo-terminal.
        program("TerminalProbe", ["TerminalIO"], path: "Tests/TerminalProbe"),

        // MARK: - ChildProcesses: the one way a program is started (hooks, players, tmux); the C library only
        module("ChildProcesses"),

        // MARK: - DBus: the message bus's wire protocol and a client over its Unix socket; toolchain only
        // Our own, so `moments` needs no libdbus or D-Bus headers to build or run (ADR 0031).
        module("DBus", ["Threads"]),
        suite("DBusTests", [
            "DBus", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
        ]),

        // MARK: - Sound: the singing bowl, synthesised, and its WAV file; toolchain only
        // Our own bowl, so no recording is taken from elsewhere (ADR 0033).
        module("Sound"),
        suite("SoundTests", ["Sound", "TestSupport"]),

        // MARK: - LiveApp: the live screens' models, the session loop, bells, `moments`' commands
        module("LiveApp", [
            "Domain", "Rendering", "TerminalIO", "SyncProtocol", "AccessKeys", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        ]),
        // The live app end to end: `moments start` and `moments watch` in real
        // pseudo-terminals, over the embedded server and `moments serve`, and every command.
        suite("LiveAppTests", [
            "LiveApp", "TerminalIO", "SyncProtocol", "SyncAuthority", "Domain", "Persistence", "Rendering", "Fixtures", "TestSupport",
            // The state a sit left hours ago, written by a server on a clock set back (the states matrix).
            "SyncJSONStore",
            // A monitor of the bus `moments notify` speaks on, in its real-desktop test.
            "DBus",
        ]),

        // MARK: - Fixtures: Mother Objects, Preview-prefixed doubles, scenarios (never in `moments`)
        module("Fixtures", ["Domain", "Rendering", "SyncProtocol", "AccessKeys", "SyncAuthority", "LiveApp"], path: "Fixtures"),

        // MARK: - ShowcaseApp: the catalog's commands, browse, exports and `play`
        module("ShowcaseApp", [
            "Domain", "Rendering", "TerminalIO", "LiveApp", "Fixtures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The catalog's suite: snapshots of every scenario, the consistency of showcase and
        // live frames, the showcase's commands as processes, and its HTML in Chromium.
        suite("ShowcaseTests", [
            "ShowcaseApp", "ShowcaseComposition", "LiveApp", "TerminalIO", "Fixtures", "Rendering", "Domain", "SyncProtocol", "SyncAuthority",
            // The consistency of frames over the real transport: the HTTP server and client.
            "SyncClient", "SyncTestSupport", "TestSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),

        // MARK: - Adapters: the live implementations of LiveApp's protocols, a module per role
        // The person's files (history, settings, remembered sessions, key) on Persistence.
        adapter("PersonalFileStore", ["Domain", "LiveApp", "Persistence", "SyncProtocol"]),
        // An assembled server put on the network by SyncHTTP, as `moments serve` asks.
        adapter("HTTPServing", [
            "LiveApp", "SyncProtocol", "SyncAuthority", "SyncHTTP", .product(name: "Logging", package: "swift-log"),
        ]),
        // A person's hooks, run by the process hosting a session for the changes it commits.
        adapter("SessionHooks", ["Domain", "SyncProtocol", "SyncAuthority", "ChildProcesses"]),
        // With real `/bin/sh` processes, and real servers on JSON files and a preview clock.
        suite("SessionHooksTests", ["SessionHooks", "EmbeddedHosting", "Domain", "SyncProtocol", "SyncAuthority", "Persistence", "Fixtures", "TestSupport"]),
        // The server a `moments` process hosts, on the JSON files; the hand-off to `moments-server`.
        adapter("EmbeddedHosting", [
            "Domain", "LiveApp", "Persistence", "SyncProtocol", "SyncAuthority", "SyncHTTP", "SyncJSONStore", "SessionHooks",
            "HTTPServing",
            // The process's one group, and the embedded server's within it, logging nowhere.
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The process's own terminal, keys and signals, as the session runtime sees them.
        adapter("ProcessTerminal", ["LiveApp", "Rendering", "TerminalIO", "ChildProcesses"]),
        // The runtime files a person's running sessions find each other by (ADR 0012).
        adapter("RuntimeFiles", ["LiveApp", "Persistence"]),
        // The desktop's notification server: the freedesktop Notifications interface on DBus.
        adapter("DesktopNotifications", ["DBus", "LiveApp", "Rendering"]),
        // Against a private dbus-daemon and a real dunst under Xvfb (TestSupport's
        // DesktopSession); `Scripts/prepare-tests` installs Debian's.
        suite("DesktopNotificationsTests", ["DesktopNotifications", "DBus", "LiveApp", "Rendering", "Domain", "Fixtures", "TestSupport"]),
        // The lock screen's media player (MPRIS) and the dock's launcher entry, on DBus.
        adapter("MediaControls", ["DBus", "LiveApp", "Rendering"]), adapter("LauncherEntry", ["DBus", "LiveApp", "Rendering"]),
        // Against Debian's playerctl and dbus-monitor on a private bus; `Scripts/prepare-tests` installs them.
        suite("MediaControlsTests", ["MediaControls", "LauncherEntry", "DBus", "LiveApp", "Rendering", "Domain", "Fixtures", "TestSupport"]),
        // The bowl played: its WAV file cached in the person's cache folder, played by
        // pw-play, paplay or aplay (ADR 0033).
        adapter("BellSounds", ["LiveApp", "Persistence", "Sound", "ChildProcesses"]),
        // Against a real `aplay` on ALSA's null device and stand-in players on a PATH of
        // the test's own; `Scripts/prepare-tests` installs Debian's alsa-utils.
        suite("BellSoundsTests", ["BellSounds", "LiveApp", "Sound", "TestSupport"]),
        // The figures of `moments serve` in Prometheus's text format, on a registry per server.
        adapter("PrometheusMetrics", [
            "SyncAuthority", .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        // A server of `moments-server` on a shared PostgreSQL database, and its keys.
        adapter("SharedHosting", [
            "Domain", "LiveApp", "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncPostgres", "SessionHooks", "HTTPServing",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: - CompositionRoot: wiring only, one target per app (ADR 0017)
        // The live composition: the real server, its JSON storage, the history and the
        // clock. It never sees Fixtures, so `moments` links no sample data.
        composition("LiveComposition", [
            "Domain", "TerminalIO", "SyncProtocol", "SyncAuthority", "SyncClient", "Persistence", "SyncJSONStore", "LiveApp", "EmbeddedHosting", "PersonalFileStore",
            "ProcessTerminal", "DesktopNotifications", "MediaControls", "LauncherEntry", "RuntimeFiles", "BellSounds",
            // Only `moments serve` makes a registry; the embedded server of `start` has none.
            "PrometheusMetrics",
            // The process's one group (EmbeddedHosting's ProcessServices, ADR 0071).
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The showcase composition: Mothers and Preview doubles, and the real sync server
        // on a preview storage and clock; never a real store, clock or socket.
        composition("ShowcaseComposition", ["ShowcaseApp", "LiveApp", "Fixtures", "SyncProtocol", "SyncAuthority", "TerminalIO", "ProcessTerminal"]),
        // The shared server's composition: the live one, with the PostgreSQL store.
        composition("ServerComposition", [
            "LiveComposition", "LiveApp", "SyncProtocol", "SyncAuthority", "SyncPostgres", "SharedHosting", "TerminalIO",
            .product(name: "Logging", package: "swift-log"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        suite("CompositionRootTests", [
            "LiveComposition", "ShowcaseComposition", "EmbeddedHosting", "RuntimeFiles", "LiveApp", "SyncProtocol", "SyncAuthority", "SyncClient", "Domain",
            "Persistence", "Fixtures", "TestSupport", "ServerComposition", "SharedHosting",
        ]),

        // The floor beside the live app's peak-memory figure: a program linked as the apps are,
        // that takes today's date, as every command of the app does, and nothing else.
        program("MemoryFloor", path: "Tests/MemoryFloor", linking: appLinking()),

        // MARK: - Apps: thin entry points, each asking its own composition for the app
        app("MomentsLive", ["LiveComposition"], path: "Apps/Live"),
        // All of Foundation and ICU linked in: its database driver needs them (ADR 0069).
        app("MomentsServer", ["ServerComposition"], path: "Apps/Server", foundation: true),
        app("MomentsShowcase", ["ShowcaseComposition"], path: "Apps/Showcase"),

        // MARK: - Fuzz targets: one per parser (Documentation/Fuzzing.md, ADR 0020)
        // Built plainly, each replays its committed corpus once; Scripts/fuzz builds them
        // with `-D FUZZING -sanitize=fuzzer,address`, and libFuzzer owns `main`.
        module("FuzzSupport", path: "Tests/Fuzz/FuzzSupport"),
        fuzzTarget("FuzzKeyDecoder", ["TerminalIO"]),
        fuzzTarget("FuzzCommandLine", ["Domain", "LiveApp"]),
        fuzzTarget("FuzzServerRequests", ["SyncProtocol", "Domain"]),
        fuzzTarget("FuzzClientStream", ["SyncProtocol", "SyncClient", "Domain"]),
        fuzzTarget("FuzzDocuments", ["Persistence", "SyncJSONStore", "LiveApp", "Domain"]),
        fuzzTarget("FuzzRendering", ["Rendering", "Domain"]),

        // Each fuzz target's corpus, replayed by its plain build under `swift test`.
        suite("FuzzCorpusTests", ["TestSupport"]),

        // MARK: - Whole-project suites
        // One copy of what tests share: running processes and built products, the
        // `moments serve` child, a pseudo-terminal runner and a virtual terminal.
        module("TestSupport", ["Rendering"], path: "Tests/TestSupport"),
        // The history check's load, which the Sync and PostgreSQL suites both run.
        module("SyncTestSupport", [
            "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "Domain", "Fixtures", "TestSupport",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/SyncTestSupport"),
        suite("ArchitectureTests", ["TestSupport"]),
        program("Benchmarks", [
            "Domain", "Rendering", "SyncProtocol", "SyncAuthority", "SyncHTTP", "SyncClient", "Persistence", "Fixtures", "LiveComposition", "ServerComposition",
            "EmbeddedHosting", "SharedHosting", "TestSupport", "Sound", "SyncJSONStore",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ], path: "Tests/Benchmarks"),
    ],
    swiftLanguageModes: [.v6]
)
