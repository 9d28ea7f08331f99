import Foundation
import Testing
import TestSupport

/// The showcase touches no live dependency: no server, no socket, none of the person's
/// files, at start-up or in any command. Proved as a process, whose home and XDG folders
/// are watched by inotify for any access at all; `play`, which runs the live app's loop,
/// is traced call by call in `PlayTests`.
@Suite(.blocking)
struct IsolationTests {
    static let commands: [[String]] = [
        ["--help"], ["--version"], ["list"], ["list", "--json", "--search", "timer"],
        ["render", "LiveActivity/LockScreen/paused", "--color", "truecolor"],
        ["render", "History/List/hundredThousand", "--scheme", "light"], ["variants", "Widgets/Small/preset"],
    ]

    @Test("as a process, it neither reads nor writes anything under HOME, the XDG folders or MOMENTS_HOME")
    func noFilesTouched() throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let names = ["home", "config", "data", "state", "cache", "moments"]
        for name in names { try FileManager.default.createDirectory(at: scratch.path(name), withIntermediateDirectories: true) }
        // What a person's settings would look like, as bait.
        let settings = scratch.path("config/little-moments")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: settings.appendingPathComponent("settings.json"))
        let before = scratch.tree()
        let environment = [
            "HOME": scratch.path("home").path, "XDG_CONFIG_HOME": scratch.path("config").path,
            "XDG_DATA_HOME": scratch.path("data").path, "XDG_STATE_HOME": scratch.path("state").path,
            "XDG_CACHE_HOME": scratch.path("cache").path, "MOMENTS_HOME": scratch.path("moments").path,
            "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
        ]
        let watch = try FolderWatch(names.map(scratch.path) + [settings])
        for arguments in Self.commands {
            let run = try BuiltProduct.run("moments-showcase", arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        #expect(watch.events() == [])
        #expect(scratch.tree() == before)
        // The watch does see a read: the bait, opened here, shows up.
        _ = try Data(contentsOf: settings.appendingPathComponent("settings.json"))
        #expect(watch.events().contains { $0.hasSuffix("/settings.json: 0x20") })
    }
}
