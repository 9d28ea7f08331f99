import BellSounds
import Foundation
import LiveApp
import Sound
import TestSupport
import Testing

/// The bowl's files in the cache folder: written once per strikes and volume, read back on
/// every ring, and written again when damaged, cut short or of an older design.
@Suite("BellSounds: the cached sound", .blocking)
struct SoundCacheTests {
    /// The file's inode and modification time: a rewrite changes one or the other.
    static func identity(_ url: URL) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let inode = attributes[.systemFileNumber].map { "\($0)" } ?? "?"
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return [inode, String(modified)]
    }

    @Test("the first ring writes the bowl under XDG_CACHE_HOME/little-moments; the second plays the same file untouched")
    func writtenOnce() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            let file = machine.cached(strikes: 2, volume: 70)
            #expect(file.path.hasPrefix(machine.cacheHome.appendingPathComponent("little-moments").path + "/"))
            #expect(await machine.player().ring(strikes: 2, volume: 70) == .played(player: "aplay"))
            let first = try Self.identity(file)
            #expect(try Data(contentsOf: file) == Data(try BowlRecording(strikes: 2, volume: 70).wav.bytes))
            #expect(await machine.player().ring(strikes: 2, volume: 70) == .played(player: "aplay"))
            #expect(try Self.identity(file) == first)
            #expect(try machine.calls().count == 2)
        }
    }

    @Test("each strikes and volume has its file, named with the synthesis's version")
    func aFilePerBell() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            for (strikes, volume) in [(1, 80), (3, 80), (1, 20)] {
                _ = await machine.player().ring(strikes: strikes, volume: volume)
            }
            let names = try FileManager.default.contentsOfDirectory(
                atPath: machine.cacheHome.appendingPathComponent("little-moments").path
            ).sorted()
            let version = BowlStrike.synthesisVersion
            #expect(
                names == [
                    "bowl-v\(version)-1-strikes-20-percent.wav", "bowl-v\(version)-1-strikes-80-percent.wav",
                    "bowl-v\(version)-3-strikes-80-percent.wav",
                ])
        }
    }

    @Test(
        "a damaged, truncated or foreign file in the bowl's place is replaced by the bowl",
        arguments: ["garbage", "truncated", "empty", "other rate", "longer"])
    func damagedFileReplaced(damage: String) async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            let file = machine.cached(strikes: 1, volume: 80)
            let bowl = Data(try BowlRecording(strikes: 1, volume: 80).wav.bytes)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch damage {
            case "garbage": try Data("this is not a sound".utf8).write(to: file)
            case "truncated": try bowl.prefix(bowl.count / 3).write(to: file)
            case "empty": try Data().write(to: file)
            // Its header read alone says nothing is wrong; its size does.
            case "longer": try (bowl + Data(repeating: 0, count: 64)).write(to: file)
            default: try Data(WAVFile(sampleRate: 8_000, samples: [1, 2, 3]).bytes).write(to: file)
            }
            #expect(await machine.player().ring(strikes: 1, volume: 80) == .played(player: "aplay"))
            #expect(try Data(contentsOf: file) == bowl)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            #expect(leftovers == [file.lastPathComponent], "no temporary file is left beside it")
        }
    }

    @Test("a cache folder that cannot be written is not available, naming the folder and what to do")
    func unwritable() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            // A file where the cache folder should be: no user, root included, can make it.
            try Data("in the way".utf8).write(to: machine.cacheHome)
            let reason = try #require(await machine.player().ring(strikes: 1, volume: 80).reason)
            #expect(reason.contains(machine.cacheHome.path) && reason.contains("XDG_CACHE_HOME"))
            #expect(try machine.calls().isEmpty)
        }
    }

    @Test("MOMENTS_HOME holds the cache too, like everything else of a run")
    func momentsHome() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            let home = machine.folder.path("home")
            _ = await machine.player(["MOMENTS_HOME": home.path]).ring(strikes: 1, volume: 80)
            let name = machine.cached(strikes: 1, volume: 80).lastPathComponent
            #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(name).path))
        }
    }
}
