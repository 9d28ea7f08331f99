// swift-tools-version: 6.1
//
// Little Moments for the terminal: a meditation timer whose Live Activity is driven only
// by pushes from a sync server. The package is a monorepo with a module per role, wired
// only in the composition root (one wiring-only target per app, so the live product links
// no fixture: ADR 0017); see Documentation/Architecture.md for the import rules that
// Tests/ArchitectureTests enforces.
import PackageDescription

/// Settings shared by every target. Swift 6 language mode gives complete strict
/// concurrency checking; the upcoming features below are adopted early, one line each.
let swiftSettings: [SwiftSetting] = [
    // SE-0335: spell existential types `any P`, so the cost of a protocol box is visible.
    .enableUpcomingFeature("ExistentialAny"),
    // SE-0444: an import is visible only in the file that writes it, which keeps the
    // architecture test's view of each file's imports honest.
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "little-moments",
    platforms: [.macOS(.v15)],
    products: [
        // MARK: - Libraries another package may depend on, one by one
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "Sync", targets: ["Sync"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "SyncJSONStore", targets: ["SyncJSONStore"]),
        .library(name: "SyncPostgres", targets: ["SyncPostgres"]),
        .library(name: "TerminalIO", targets: ["TerminalIO"]),
        .library(name: "LiveApp", targets: ["LiveApp"]),
        // Sample data for other packages' tests and previews; never for production code.
        .library(name: "Fixtures", targets: ["Fixtures"]),
        .library(name: "ShowcaseApp", targets: ["ShowcaseApp"]),
        .library(name: "LiveComposition", targets: ["LiveComposition"]),
        .library(name: "ShowcaseComposition", targets: ["ShowcaseComposition"]),
        .library(name: "ServerComposition", targets: ["ServerComposition"]),
        // MARK: - The two mini-apps, and the shared server's program
        .executable(name: "moments", targets: ["MomentsLive"]),
        .executable(name: "moments-showcase", targets: ["MomentsShowcase"]),
        // `moments serve --database-url` becomes this program: the same commands with the
        // PostgreSQL driver, which `moments` does not link (ADR 0022).
        .executable(name: "moments-server", targets: ["MomentsServer"]),
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
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Property-based tests in Swift Testing, for the round trips the fuzz targets also
        // hold (Documentation/Fuzzing.md); tests only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Sync's storage on PostgreSQL, shared by any number of `moments serve` (issue #13).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // SHA-256, HKDF and AES-GCM for Sync's digests and sealed tokens (issue #22, ADR 0024):
        // already resolved through the server and client libraries, and far better checked
        // than a hand-written hash and keystream.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
    ],
    targets: [
        // MARK: - Domain: pure values and rules, Foundation only
        .target(name: "Domain", path: "Modules/Domain", swiftSettings: swiftSettings),
        .testTarget(
            name: "DomainTests",
            dependencies: ["Domain", "Fixtures", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/DomainTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - Rendering: the terminal view toolkit and every view; Domain only
        .target(
            name: "Rendering",
            dependencies: ["Domain"],
            path: "Modules/Rendering",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RenderingTests",
            dependencies: [
                "Rendering", "Domain", "Fixtures", "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Tests/RenderingTests",
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Sync: protocol, authoritative server, client, observer
        .target(
            name: "Sync",
            dependencies: [
                "Domain",
                .product(name: "Hummingbird", package: "hummingbird"),
                // Its connection-count delegate, which Hummingbird takes but does not re-export.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Modules/Sync",
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "SyncTests",
            dependencies: [
                "Sync", "Domain", "Fixtures", "TestSupport", "SyncTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/SyncTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - Persistence: durable JSON files; Domain only
        .target(
            name: "Persistence",
            dependencies: ["Domain"],
            path: "Modules/Persistence",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "Domain", "Fixtures", "TestSupport"],
            path: "Tests/PersistenceTests",
            swiftSettings: swiftSettings
        ),
        // The child process the crash, lock and permission tests start, kill and watch;
        // `swift test` builds it beside the test bundle.
        .executableTarget(
            name: "PersistenceCrashWorker",
            dependencies: ["Persistence", "Domain", "Fixtures"],
            path: "Tests/PersistenceCrashWorker",
            swiftSettings: swiftSettings
        ),

        // MARK: - SyncJSONStore: Sync's storage on Persistence's durable JSON files
        .target(
            name: "SyncJSONStore",
            dependencies: ["Domain", "Sync", "Persistence"],
            path: "Modules/SyncJSONStore",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SyncJSONStoreTests",
            dependencies: ["SyncJSONStore", "Sync", "Domain", "Persistence", "Fixtures", "TestSupport"],
            path: "Tests/SyncJSONStoreTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - SyncPostgres: Sync's storage on PostgreSQL, shared by N stateless servers
        .target(
            name: "SyncPostgres",
            dependencies: [
                "Domain", "Sync",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Modules/SyncPostgres",
            swiftSettings: swiftSettings
        ),
        // Against a real PostgreSQL that each suite starts for itself (TestSupport's
        // PostgresServer); `Scripts/prepare-tests` installs Debian's.
        .testTarget(
            name: "SyncPostgresTests",
            dependencies: [
                "SyncPostgres", "Sync", "Domain", "Fixtures", "TestSupport", "SyncTestSupport",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/SyncPostgresTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - TerminalIO: raw mode, keys, signals, size, output, restore; toolchain only
        .target(name: "TerminalIO", path: "Modules/TerminalIO", swiftSettings: swiftSettings),
        .testTarget(
            name: "TerminalIOTests",
            dependencies: ["TerminalIO", "TestSupport"],
            path: "Tests/TerminalIOTests",
            swiftSettings: swiftSettings
        ),
        // The child process the terminal tests crash, kill and exit in a pseudo-terminal.
        .executableTarget(
            name: "TerminalProbe",
            dependencies: ["TerminalIO"],
            path: "Tests/TerminalProbe",
            swiftSettings: swiftSettings
        ),

        // MARK: - LiveApp: the live screens' models, the session loop, bells, `moments`' commands
        .target(
            name: "LiveApp",
            dependencies: [
                "Domain", "Rendering", "TerminalIO", "Sync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Modules/LiveApp",
            swiftSettings: swiftSettings
        ),
        // The live app end to end: `moments start` and `moments watch` in real
        // pseudo-terminals, over the embedded server and `moments serve`, and every command.
        .testTarget(
            name: "LiveAppTests",
            dependencies: ["LiveApp", "TerminalIO", "Sync", "Domain", "Persistence", "Rendering", "Fixtures", "TestSupport"],
            path: "Tests/LiveAppTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - Fixtures: Mother Objects, Preview-prefixed doubles, scenarios (never in `moments`)
        .target(
            name: "Fixtures",
            dependencies: ["Domain", "Rendering", "Sync", "LiveApp"],
            path: "Fixtures",
            swiftSettings: swiftSettings
        ),

        // MARK: - ShowcaseApp: the catalog's commands, browse, exports and `play`
        .target(
            name: "ShowcaseApp",
            dependencies: [
                "Domain", "Rendering", "TerminalIO", "LiveApp", "Fixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Modules/ShowcaseApp",
            swiftSettings: swiftSettings
        ),
        // The catalog's suite: snapshots of every scenario, the consistency of showcase and
        // live frames, the showcase's commands as processes, and its HTML in Chromium.
        .testTarget(
            name: "ShowcaseTests",
            dependencies: [
                "ShowcaseApp", "ShowcaseComposition", "LiveApp", "TerminalIO", "Fixtures", "Rendering", "Domain", "Sync",
                "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Tests/ShowcaseTests",
            exclude: ["__Snapshots__"],
            swiftSettings: swiftSettings
        ),

        // MARK: - Adapters: the live implementations of LiveApp's protocols, a module per role
        // The person's files (history, settings, remembered sessions, key) on Persistence.
        .target(
            name: "PersonalFileStore",
            dependencies: ["Domain", "LiveApp", "Persistence"],
            path: "Modules/Adapters/PersonalFileStore",
            swiftSettings: swiftSettings
        ),
        // The server a `moments` process hosts: built on the JSON files, recording the
        // history, listening on loopback for other terminals; and the hand-off to
        // `moments-server` for `--database-url`.
        .target(
            name: "EmbeddedHosting",
            dependencies: [
                "Domain", "LiveApp", "Persistence", "Sync", "SyncJSONStore",
                // The loopback listener's services run in a group of our own, logging nowhere.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Modules/Adapters/EmbeddedHosting",
            swiftSettings: swiftSettings
        ),
        // The process's own terminal, keys and signals, as the session runtime sees them.
        .target(
            name: "ProcessTerminal",
            dependencies: ["LiveApp", "Rendering", "TerminalIO"],
            path: "Modules/Adapters/ProcessTerminal",
            swiftSettings: swiftSettings
        ),
        // The runtime files a person's running sessions find each other by (ADR 0012).
        .target(
            name: "RuntimeFiles",
            dependencies: ["LiveApp"],
            path: "Modules/Adapters/RuntimeFiles",
            swiftSettings: swiftSettings
        ),
        // The desktop's notifications through `notify-send`.
        .target(
            name: "NotifySend",
            dependencies: ["LiveApp"],
            path: "Modules/Adapters/NotifySend",
            swiftSettings: swiftSettings
        ),
        // A server of `moments-server` on a shared PostgreSQL database, and its keys.
        .target(
            name: "SharedHosting",
            dependencies: ["LiveApp", "Sync", "SyncPostgres", .product(name: "Logging", package: "swift-log")],
            path: "Modules/Adapters/SharedHosting",
            swiftSettings: swiftSettings
        ),

        // MARK: - CompositionRoot: wiring only, one target per app (ADR 0017)
        // The live composition: the real server, its JSON storage, the history and the
        // clock. It never sees Fixtures, so `moments` links no sample data.
        .target(
            name: "LiveComposition",
            dependencies: [
                "TerminalIO", "Sync", "Persistence", "SyncJSONStore", "LiveApp", "EmbeddedHosting", "PersonalFileStore",
                "ProcessTerminal", "NotifySend", "RuntimeFiles",
            ],
            path: "Modules/CompositionRoot/LiveComposition",
            swiftSettings: swiftSettings
        ),
        // The showcase composition: Mothers and Preview doubles, and the real sync server
        // on a preview storage and clock; never a real store, clock or socket.
        .target(
            name: "ShowcaseComposition",
            dependencies: ["ShowcaseApp", "LiveApp", "Fixtures", "Sync", "TerminalIO", "ProcessTerminal"],
            path: "Modules/CompositionRoot/ShowcaseComposition",
            swiftSettings: swiftSettings
        ),
        // The shared server's composition: the live one, with the PostgreSQL store.
        .target(
            name: "ServerComposition",
            dependencies: [
                "LiveComposition", "LiveApp", "Sync", "SyncPostgres", "SharedHosting", "TerminalIO",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Modules/CompositionRoot/ServerComposition",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CompositionRootTests",
            dependencies: [
                "LiveComposition", "ShowcaseComposition", "EmbeddedHosting", "LiveApp", "Sync", "Domain", "Persistence",
                "Fixtures", "TestSupport",
            ],
            path: "Tests/CompositionRootTests",
            swiftSettings: swiftSettings
        ),

        // The floor beside the live app's peak-memory figure: a Swift program that loads
        // Foundation and formats a date, as every command of the app does, and nothing else.
        .executableTarget(
            name: "MemoryFloor",
            path: "Tests/MemoryFloor",
            swiftSettings: swiftSettings
        ),

        // MARK: - Apps: thin entry points, each asking its own composition for the app
        .executableTarget(name: "MomentsLive", dependencies: ["LiveComposition"], path: "Apps/Live", swiftSettings: swiftSettings),
        .executableTarget(name: "MomentsServer", dependencies: ["ServerComposition"], path: "Apps/Server", swiftSettings: swiftSettings),
        .executableTarget(name: "MomentsShowcase", dependencies: ["ShowcaseComposition"], path: "Apps/Showcase", swiftSettings: swiftSettings),

        // MARK: - Fuzz targets: one per parser (Documentation/Fuzzing.md, ADR 0020)
        // Built plainly, each replays its committed corpus once; Scripts/fuzz builds them
        // with `-D FUZZING -sanitize=fuzzer,address`, and libFuzzer owns `main`.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/FuzzSupport", swiftSettings: swiftSettings),
        .executableTarget(
            name: "FuzzKeyDecoder",
            dependencies: ["TerminalIO", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzKeyDecoder",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "FuzzCommandLine",
            dependencies: ["Domain", "LiveApp", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzCommandLine",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzServerRequests",
            dependencies: ["Sync", "Domain", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzServerRequests",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzClientStream",
            dependencies: ["Sync", "Domain", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzClientStream",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzDocuments",
            dependencies: ["Persistence", "SyncJSONStore", "LiveApp", "Domain", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzDocuments",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FuzzRendering",
            dependencies: ["Rendering", "Domain", "FuzzSupport"],
            path: "Tests/Fuzz/FuzzRendering",
            exclude: ["Corpus"],
            swiftSettings: swiftSettings
        ),

        // Each fuzz target's corpus, replayed by its plain build under `swift test`.
        .testTarget(
            name: "FuzzCorpusTests",
            dependencies: ["TestSupport"],
            path: "Tests/FuzzCorpusTests",
            swiftSettings: swiftSettings
        ),

        // MARK: - Whole-project suites
        // One copy of what tests share: running processes and built products, the
        // `moments serve` child, a pseudo-terminal runner and a virtual terminal.
        .target(
            name: "TestSupport",
            dependencies: ["Rendering"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        // The history check's load, which the Sync and PostgreSQL suites both run.
        .target(
            name: "SyncTestSupport",
            dependencies: ["Sync", "Domain", "Fixtures", "TestSupport"],
            path: "Tests/SyncTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArchitectureTests",
            dependencies: ["TestSupport"],
            path: "Tests/ArchitectureTests",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "Domain", "Rendering", "Sync", "Persistence", "Fixtures", "LiveComposition", "ServerComposition",
                "EmbeddedHosting", "SharedHosting", "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/Benchmarks",
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
