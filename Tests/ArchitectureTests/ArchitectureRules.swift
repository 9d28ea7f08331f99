import Foundation

/// The import table of Documentation/Architecture.md, as code: which target may depend on
/// and import what. Every target has its own explicit list, the compositions, the apps and
/// the test suites included; anything a list does not name is a violation.
struct ArchitectureRules {
    /// What a target may reach.
    struct Allowance {
        /// Targets of this package.
        let internalModules: Set<String>
        /// Products and modules of other packages.
        let externalModules: Set<String>
        /// Modules of the toolchain.
        let systemModules: Set<String>

        init(_ internalModules: Set<String>, external: Set<String> = [], system: Set<String> = ArchitectureRules.system) {
            self.internalModules = internalModules
            self.externalModules = external
            self.systemModules = system
        }
    }

    static let foundation: Set<String> = ["Foundation", "FoundationEssentials"]
    static let system: Set<String> = foundation.union([
        "FoundationNetworking", "Glibc", "Musl", "Darwin", "Dispatch", "Synchronization", "_Concurrency",
    ])
    /// The C library alone: the bowl's synthesis needs its `sin`, `cos` and `exp` and no
    /// Foundation.
    static let cLibrary: Set<String> = ["Glibc", "Musl", "Darwin"]
    /// The HTTP server's and client's libraries together, for the suites that run both.
    static let serverLibraries: Set<String> = httpServerLibraries.union(httpClientLibraries)
    /// What SyncHTTP serves HTTP with: Hummingbird on SwiftNIO, in a service group.
    static let httpServerLibraries: Set<String> = [
        "Hummingbird", "HummingbirdCore", "ServiceLifecycle", "UnixSignals", "Logging", "HTTPTypes", "NIOCore", "NIOHTTP1",
        "NIOPosix", "NIOConcurrencyHelpers",
    ]
    /// What SyncClient talks HTTP with.
    static let httpClientLibraries: Set<String> = ["AsyncHTTPClient", "NIOCore", "NIOHTTP1"]
    /// swift-crypto: the server's digests and sealed tokens (ADR 0024), and the access keys'.
    /// Only AccessKeys and SyncAuthority may use it, so nothing of it reaches Domain,
    /// Rendering, Persistence or the wire protocol.
    static let cryptography: Set<String> = ["Crypto"]
    /// swift-metrics' API: the server records its figures through it, and the backend is the
    /// composition's choice (ADR 0034).
    static let metricsAPI: Set<String> = ["CoreMetrics"]
    /// PostgresNIO, and the modules of it SyncPostgres's files import.
    static let postgres: Set<String> = ["PostgresNIO", "Logging"]
    /// What test suites may use of the toolchain and third parties besides the modules
    /// they test.
    static let testing: Set<String> = ["Testing", "XCTest"]
    static let snapshots: Set<String> = ["SnapshotTesting", "InlineSnapshotTesting"]

    /// The table, one explicit row per target. A target missing from it is itself a
    /// violation, so a new target must be placed in it deliberately.
    static let table: [String: Allowance] = [
        // The modules.
        "Domain": Allowance([], system: foundation),
        "Rendering": Allowance(["Domain"]),
        // The one way a thread of its own is started: the C library only.
        "Threads": Allowance([], system: cLibrary),
        "TerminalIO": Allowance(["Threads"]),
        // The one way to start a program (ADR 0063): the C library only.
        "ChildProcesses": Allowance([], system: cLibrary),
        // The bus's wire protocol and client: the toolchain only (ADR 0031).
        "DBus": Allowance(["Threads"]),
        // The bowl's synthesis and its WAV file: the C library's mathematics only (ADR 0033).
        "Sound": Allowance([], system: cLibrary),
        "Persistence": Allowance(["Domain"]),
        // The server half, a module per role (issue 54, item 6).
        "SyncProtocol": Allowance(["Domain"]),
        "AccessKeys": Allowance(["Domain", "SyncProtocol"], external: cryptography),
        // The authoritative server: no network library.
        "SyncAuthority": Allowance(["Domain", "SyncProtocol", "AccessKeys"], external: cryptography.union(metricsAPI)),
        "SyncHTTP": Allowance(
            ["Domain", "SyncProtocol", "SyncAuthority", "AccessKeys"], external: httpServerLibraries.union(metricsAPI)),
        "SyncClient": Allowance(["Domain", "SyncProtocol"], external: httpClientLibraries),
        "SyncJSONStore": Allowance(["Domain", "SyncProtocol", "AccessKeys", "SyncAuthority", "Persistence"]),
        "SyncPostgres": Allowance(["Domain", "SyncProtocol", "AccessKeys", "SyncAuthority"], external: postgres),
        // The server only through protocols it declares (ServerAssembly, EmbeddedHost) and the
        // wire protocol; people's keys for `moments keys` and `serve --require-keys`.
        "LiveApp": Allowance(["Domain", "Rendering", "TerminalIO", "SyncProtocol", "AccessKeys"], external: ["ArgumentParser", "AsyncAlgorithms"]),
        // Fixtures draw screens and feed the server; they never read a key.
        "Fixtures": Allowance(["Domain", "Rendering", "SyncProtocol", "AccessKeys", "SyncAuthority", "LiveApp"]),
        // The showcase plays sessions through LiveApp's SessionSource, never a connection.
        "ShowcaseApp": Allowance(
            ["Domain", "Rendering", "TerminalIO", "LiveApp", "Fixtures"], external: ["ArgumentParser"]),
        // The adapters: the live implementations of LiveApp's protocols, never Fixtures.
        "PersonalFileStore": Allowance(["Domain", "LiveApp", "Persistence", "SyncProtocol"]),
        "EmbeddedHosting": Allowance(
            ["Domain", "LiveApp", "Persistence", "SyncProtocol", "SyncAuthority", "SyncHTTP", "SyncJSONStore", "SessionHooks", "HTTPServing"],
            external: ["ServiceLifecycle", "Logging"]),
        "SharedHosting": Allowance(
            ["Domain", "LiveApp", "SyncProtocol", "AccessKeys", "SyncAuthority", "SyncPostgres", "SessionHooks", "HTTPServing"],
            external: ["Logging"]),
        // An assembled server served over HTTP by SyncHTTP (`moments serve`).
        "HTTPServing": Allowance(["LiveApp", "SyncProtocol", "SyncAuthority", "SyncHTTP"], external: ["Logging"]),
        // A person's hooks, run for the changes a hosting server commits.
        "SessionHooks": Allowance(["Domain", "SyncProtocol", "SyncAuthority", "ChildProcesses"]),
        "ProcessTerminal": Allowance(["LiveApp", "Rendering", "TerminalIO", "ChildProcesses"]),
        "DesktopNotifications": Allowance(["DBus", "LiveApp", "Rendering"]),
        "MediaControls": Allowance(["DBus", "LiveApp", "Rendering"]),
        "LauncherEntry": Allowance(["DBus", "LiveApp", "Rendering"]),
        "RuntimeFiles": Allowance(["LiveApp", "Persistence"]),
        "BellSounds": Allowance(["LiveApp", "Persistence", "Sound", "ChildProcesses"]),
        // `moments serve`'s figures in Prometheus's text format (ADR 0034).
        "PrometheusMetrics": Allowance(["SyncAuthority"], external: metricsAPI.union(["Prometheus"])),
        // The compositions: the live one never sees Fixtures or the showcase; the showcase
        // one never sees a real store or the live composition: it runs the real server on a
        // preview storage and clock.
        "LiveComposition": Allowance(
            [
                "Domain", "TerminalIO", "SyncProtocol", "SyncAuthority", "SyncClient", "Persistence", "SyncJSONStore", "LiveApp", "EmbeddedHosting",
                "PersonalFileStore", "ProcessTerminal", "DesktopNotifications", "MediaControls", "LauncherEntry", "RuntimeFiles", "BellSounds",
                "PrometheusMetrics",
            ],
            // The process's one group (EmbeddedHosting's `ProcessServices`, ADR 0071).
            external: ["ServiceLifecycle"]),
        "ShowcaseComposition": Allowance(["ShowcaseApp", "LiveApp", "Fixtures", "SyncProtocol", "SyncAuthority", "TerminalIO", "ProcessTerminal"]),
        // The shared server's: the live composition with the PostgreSQL store (ADR 0022).
        "ServerComposition": Allowance(
            ["LiveComposition", "LiveApp", "SyncProtocol", "SyncAuthority", "SyncPostgres", "SharedHosting", "TerminalIO"], external: ["Logging", "ServiceLifecycle"]),
        // The apps: each asks its own composition, and nothing else.
        "MomentsLive": Allowance(["LiveComposition"]),
        "MomentsServer": Allowance(["ServerComposition"]),
        "MomentsShowcase": Allowance(["ShowcaseComposition"]),
        // What the tests share, and the programs they start.
        "TestSupport": Allowance(["Domain", "Rendering"], external: testing),
        // The history check's load, and a real HTTP server a suite starts and stops.
        "SyncTestSupport": Allowance(
            ["SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "Domain", "Fixtures", "TestSupport"],
            external: ["ServiceLifecycle", "Logging"]),
        "TerminalProbe": Allowance(["TerminalIO"]),
        "PersistenceCrashWorker": Allowance(["Persistence", "Domain", "Fixtures"]),
        "MemoryFloor": Allowance([]),
        // The fuzz targets: each reaches the module whose parsers it feeds, and FuzzSupport.
        "FuzzSupport": Allowance([]),
        "FuzzKeyDecoder": Allowance(["TerminalIO", "FuzzSupport"]),
        "FuzzCommandLine": Allowance(["Domain", "LiveApp", "FuzzSupport"]),
        "FuzzServerRequests": Allowance(["SyncProtocol", "Domain", "FuzzSupport"]),
        "FuzzClientStream": Allowance(["SyncProtocol", "SyncClient", "Domain", "FuzzSupport"]),
        "FuzzDocuments": Allowance(["Persistence", "SyncJSONStore", "LiveApp", "Domain", "FuzzSupport"]),
        "FuzzRendering": Allowance(["Rendering", "Domain", "FuzzSupport"]),
        // The suites: each reaches the modules it tests, Fixtures and TestSupport.
        "DomainTests": Allowance(["Domain", "Fixtures", "TestSupport"], external: testing.union(["PropertyBased"])),
        "RenderingTests": Allowance(["Rendering", "Domain", "Fixtures", "TestSupport"], external: testing.union(snapshots)),
        "TerminalIOTests": Allowance(["TerminalIO", "TestSupport"], external: testing),
        "ThreadsTests": Allowance(["Threads"], external: testing),
        "SoundTests": Allowance(["Sound", "TestSupport"], external: testing),
        "BellSoundsTests": Allowance(["BellSounds", "LiveApp", "Sound", "TestSupport"], external: testing),
        "SessionHooksTests": Allowance(
            ["SessionHooks", "EmbeddedHosting", "Domain", "SyncProtocol", "SyncAuthority", "Persistence", "Fixtures", "TestSupport"], external: testing),
        "DBusTests": Allowance(["DBus", "TestSupport"], external: testing.union(["PropertyBased"])),
        "DesktopNotificationsTests": Allowance(
            ["DesktopNotifications", "DBus", "LiveApp", "Rendering", "Domain", "Fixtures", "TestSupport"], external: testing),
        "MediaControlsTests": Allowance(
            ["MediaControls", "LauncherEntry", "DBus", "LiveApp", "Rendering", "Domain", "Fixtures", "TestSupport"], external: testing),
        "PersistenceTests": Allowance(
            ["Persistence", "Domain", "Fixtures", "TestSupport"], external: testing.union(["PropertyBased"])),
        // NIOEmbedded: a connection's pipeline without a socket, to see each buffer it writes.
        "SyncTests": Allowance(
            ["SyncProtocol", "AccessKeys", "SyncAuthority", "SyncHTTP", "SyncClient", "Domain", "Fixtures", "TestSupport", "SyncTestSupport"],
            external: testing.union(serverLibraries).union(["PropertyBased", "NIOEmbedded"])),
        "SyncJSONStoreTests": Allowance(
            ["SyncJSONStore", "SyncProtocol", "SyncAuthority", "Domain", "Persistence", "Fixtures", "TestSupport"], external: testing),
        "SyncPostgresTests": Allowance(
            ["SyncPostgres", "SyncProtocol", "AccessKeys", "SyncAuthority", "Domain", "Fixtures", "TestSupport", "SyncTestSupport"],
            external: testing.union(postgres)),
        "LiveAppTests": Allowance(
            ["LiveApp", "TerminalIO", "SyncProtocol", "SyncAuthority", "SyncJSONStore", "Domain", "Persistence", "Rendering", "Fixtures", "TestSupport", "DBus"],
            external: testing),
        "ShowcaseTests": Allowance(
            // SyncClient and SyncTestSupport's server: the consistency of frames over HTTP.
            [
                "ShowcaseApp", "ShowcaseComposition", "LiveApp", "TerminalIO", "Fixtures", "Rendering", "Domain", "SyncProtocol",
                "SyncAuthority", "SyncClient", "SyncTestSupport", "TestSupport",
            ],
            external: testing.union(snapshots)),
        "CompositionRootTests": Allowance(
            // ServerComposition and SharedHosting: its DocC example builds the shared server.
            [
                "LiveComposition", "ShowcaseComposition", "EmbeddedHosting", "RuntimeFiles", "LiveApp", "SyncProtocol", "SyncAuthority", "SyncClient", "Domain",
                "Persistence", "Fixtures", "TestSupport", "ServerComposition", "SharedHosting",
            ],
            external: testing),
        "ArchitectureTests": Allowance(["TestSupport"], external: testing),
        "FuzzCorpusTests": Allowance(["TestSupport"], external: testing),
        "Benchmarks": Allowance(
            [
                "Domain", "Rendering", "SyncProtocol", "SyncAuthority", "SyncHTTP", "SyncClient", "Persistence", "Fixtures", "LiveComposition", "ServerComposition",
                "EmbeddedHosting", "SharedHosting", "TestSupport", "Sound", "SyncJSONStore",
            ],
            external: serverLibraries),
    ]

    /// Code the live app may not contain, whatever it imports: it never changes a session
    /// itself, never makes a push, and never plays a server (ADR 0002). Each is a text
    /// pattern and what it would mean.
    static let liveAppForbidden: [(pattern: String, meaning: String)] = [
        ("Transition.", "calls Domain's transitions, changing a session locally"),
        ("ActivitySnapshot(", "builds an activity snapshot, a push no server sent"),
        ("ActivityLifecycle(", "builds an activity's lifecycle, a state no server sent"),
        (": SyncConnection", "declares a connection of its own, a server that is not the server"),
        (": SyncStorage", "declares a storage of its own, state outside the server"),
    ]

    /// The live app's forbidden code in the files of `sources` (path → text), in words
    /// that say what to fix.
    static func liveAppViolations(_ sources: [String: String]) -> [String] {
        var found: [String] = []
        for (file, text) in sources.sorted(by: { $0.key < $1.key }) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for rule in liveAppForbidden where code.contains(rule.pattern) {
                    found.append("\(file):\(number + 1): LiveApp \(rule.meaning) (`\(rule.pattern)`); only the server changes state, and a view learns of it by a push")
                }
            }
        }
        return found
    }

    /// Every violation in the graph and the imports, in words that say what to fix.
    static func violations(graph: PackageGraph, imports: [String: [ImportScanner.Import]]) -> [String] {
        let internalNames = Set(graph.targets.map(\.name))
        var found: [String] = []
        for target in graph.targets {
            guard let allowance = table[target.name] else {
                found.append("\(target.name) (\(target.path)) has no place in the import table; add it to ArchitectureRules and Documentation/Architecture.md")
                continue
            }
            for dependency in target.internalDependencies where !allowance.internalModules.contains(dependency) {
                found.append("\(target.name) depends on \(dependency), which the import table does not allow")
            }
            for product in target.externalProducts where !allowance.externalModules.contains(product) {
                found.append("\(target.name) depends on the third-party product \(product), which the import table does not allow")
            }
            for item in imports[target.name] ?? [] {
                let module = item.module
                if allowance.systemModules.contains(module) || module == target.name { continue }
                let where_ = "\(item.file):\(item.line)"
                if internalNames.contains(module) {
                    if !allowance.internalModules.contains(module) {
                        found.append("\(where_): \(target.name) imports \(module), which the import table does not allow")
                    }
                } else if ArchitectureRules.system.contains(module) {
                    found.append("\(where_): \(target.name) imports \(module); it may import only \(allowance.systemModules.sorted().joined(separator: ", ")) from the toolchain")
                } else if !allowance.externalModules.contains(module) {
                    found.append("\(where_): \(target.name) imports the third-party module \(module), which the import table does not allow")
                }
            }
        }
        return found
    }
}
