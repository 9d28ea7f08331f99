import BellSounds
#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import LiveApp
import Sound
import TestSupport
import Testing

/// The bowl played: by a real `aplay` on ALSA's null device, by the first of `pw-play`,
/// `paplay` and `aplay` that plays, by the command `MOMENTS_PLAYER` names, and, when none
/// can, an outcome that says why so the caller rings the terminal bell.
@Suite("BellSounds: the bowl played", .blocking)
struct BowlPlayerTests {
    @Test("ALSA's aplay plays the bowl's WAV file to its null device, exiting 0")
    func aplayPlaysTheFile() throws {
        try TemporaryFolder.with { folder in
            let file = folder.path("bowl.wav")
            try Data(try BowlRecording(strikes: 3, volume: 80).wav.bytes).write(to: file)
            // ProcessRunner throws, with both streams, on any status but 0.
            _ = try ProcessRunner.run("aplay", ["-D", "null", file.path])
        }
    }

    @Test("the bowl rings through the real aplay on the null device MOMENTS_AUDIO_DEVICE names")
    func ringsThroughRealAplay() async throws {
        try await StandInMachine.with { machine in
            let aplay = try #require(AudioPlayer.locate("aplay", path: "/usr/bin:/bin"), "install alsa-utils (Scripts/prepare-tests)")
            try machine.link("aplay", to: aplay)
            let outcome = await machine.player(["MOMENTS_AUDIO_DEVICE": "null"]).ring(strikes: 2, volume: 60)
            #expect(outcome == .played(player: "aplay"))
        }
    }

    @Test("pw-play comes first, with MOMENTS_AUDIO_DEVICE as its target, and the cached file as its argument")
    func pipeWireFirst() async throws {
        try await StandInMachine.with { machine in
            for name in AudioPlayer.known { try machine.standIn(name) }
            let outcome = await machine.player(["MOMENTS_AUDIO_DEVICE": "speakers"]).ring(strikes: 1, volume: 80)
            #expect(outcome == .played(player: "pw-play"))
            #expect(try machine.calls() == ["pw-play --target speakers \(machine.cached(strikes: 1, volume: 80).path)"])
        }
    }

    @Test("a player that fails at once gives way to the next: pw-play without PipeWire, then paplay")
    func failingPlayerGivesWay() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("pw-play", status: 1, error: "can't connect: Host is down")
            try machine.standIn("paplay")
            try machine.standIn("aplay")
            let outcome = await machine.player(["MOMENTS_AUDIO_DEVICE": "hw0"]).ring(strikes: 3, volume: 50)
            #expect(outcome == .played(player: "paplay"))
            let file = machine.cached(strikes: 3, volume: 50).path
            #expect(try machine.calls() == ["pw-play --target hw0 \(file)", "paplay --device=hw0 \(file)"])
        }
    }

    @Test("aplay alone is asked to be quiet, and gets the device as -D")
    func aplayArguments() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            #expect(await machine.player().ring(strikes: 1, volume: 80) == .played(player: "aplay"))
            #expect(await machine.player(["MOMENTS_AUDIO_DEVICE": "null"]).ring(strikes: 1, volume: 80) == .played(player: "aplay"))
            let file = machine.cached(strikes: 1, volume: 80).path
            #expect(try machine.calls() == ["aplay -q \(file)", "aplay -q -D null \(file)"])
        }
    }

    @Test("when every player fails, the outcome names each with its status and its last words")
    func everyPlayerFails() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("paplay", status: 1, error: "Connection failure: Connection refused")
            try machine.standIn("aplay", status: 1, error: "aplay: main:831: audio open error: No such file or directory")
            let outcome = await machine.player().ring(strikes: 1, volume: 80)
            #expect(
                outcome
                    == .unavailable(
                        reason: "no player played the bell: paplay exited with status 1 (Connection failure: Connection refused); "
                            + "aplay exited with status 1 (aplay: main:831: audio open error: No such file or directory)"))
        }
    }

    @Test("with no player on PATH the outcome says none is installed and what to install")
    func noPlayer() async throws {
        try await StandInMachine.with { machine in
            let reason = try #require(await machine.player().ring(strikes: 1, volume: 80).reason)
            #expect(reason.contains("no sound player is installed") && reason.contains("alsa-utils"))
            #expect(!FileManager.default.fileExists(atPath: machine.cacheHome.path), "nothing is written when nothing can play it")
        }
    }

    @Test("MOMENTS_PLAYER names the one player used, its own arguments before the file, the others ignored")
    func namedPlayer() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("pw-play")
            let own = try machine.standIn("my-player", at: machine.folder.path("my-player"))
            #expect(await machine.player(["MOMENTS_PLAYER": "\(own.path) --gain 3"]).ring(strikes: 2, volume: 80) == .played(player: "my-player"))
            #expect(try machine.calls() == ["my-player --gain 3 \(machine.cached(strikes: 2, volume: 80).path)"])
        }
    }

    @Test("MOMENTS_PLAYER naming a missing command, with no player on PATH, is not available, saying so")
    func namedPlayerMissing() async throws {
        try await StandInMachine.with { machine in
            let reason = try #require(await machine.player(["MOMENTS_PLAYER": "no-such-player"]).ring(strikes: 1, volume: 80).reason)
            #expect(reason.contains("MOMENTS_PLAYER names no-such-player") && reason.contains("unset MOMENTS_PLAYER"))
        }
    }

    @Test("a player still playing after the grace is taken to play: the caller does not wait for the sound to end")
    func doesNotWaitForTheSound() async throws {
        try await StandInMachine.with { machine in
            let sleep = try #require(AudioPlayer.locate("sleep", path: "/usr/bin:/bin"))
            let script = "#!/bin/sh\necho $$ >> '\(machine.log.path)'\nexec \(sleep) 600\n"
            let player = machine.bin.appendingPathComponent("pw-play")
            try Data(script.utf8).write(to: player)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: player.path)
            let outcome = await machine.player(grace: .milliseconds(200)).ring(strikes: 1, volume: 80)
            #expect(outcome == .played(player: "pw-play"))
            try await eventually { ((try? machine.calls()) ?? []).count == 1 }
            let pid = try #require(Int32(try machine.calls()[0]))
            #expect(kill(pid, 0) == 0, "the player still plays")
            kill(pid, SIGTERM)
        }
    }

    @Test("strikes or a volume out of range are not available, saying what is accepted, and nothing plays")
    func outOfRange() async throws {
        try await StandInMachine.with { machine in
            try machine.standIn("aplay")
            #expect(await machine.player().ring(strikes: 4, volume: 80) == .unavailable(reason: BowlRecordingError.strikes(4).description))
            #expect(await machine.player().ring(strikes: 1, volume: 120) == .unavailable(reason: BowlRecordingError.volume(120).description))
            #expect(try machine.calls().isEmpty)
        }
    }
}
