#if canImport(Glibc)
    import Glibc
#endif

/// A command that plays a WAV file, found on `PATH`: the program to start, and the
/// arguments that come before the file's path.
public struct AudioPlayer: Hashable, Sendable {
    /// The name a person knows it by (`pw-play`), as an outcome reports it.
    public let name: String
    /// The program's path.
    public let executable: String
    /// Its arguments, the file's path to follow.
    public let arguments: [String]

    /// The players tried when `MOMENTS_PLAYER` names none, in order (ADR 0033): PipeWire's,
    /// which most desktops now run; PulseAudio's, which PipeWire also serves; ALSA's,
    /// which needs no sound server at all.
    public static let known = ["pw-play", "paplay", "aplay"]

    /// The players to try for `environment`, in order, and the names looked for in vain:
    /// the command `MOMENTS_PLAYER` names alone when it is set (its words split at
    /// spaces, never read by a shell), else each of ``known`` that is on `PATH`.
    /// `MOMENTS_AUDIO_DEVICE` is passed to a known player as its device (`--target` to
    /// `pw-play`, `--device=` to `paplay`, `-D` to `aplay`).
    public static func candidates(environment: [String: String]) -> (found: [AudioPlayer], missing: [String]) {
        let device = environment["MOMENTS_AUDIO_DEVICE"].flatMap { $0.isEmpty ? nil : $0 }
        let (commands, missing) = FoundCommand.find(environment["MOMENTS_PLAYER"], otherwise: known, path: environment["PATH"] ?? "")
        let found = commands.map { command in
            AudioPlayer(
                name: command.name, executable: command.executable,
                arguments: command.arguments + deviceArguments(for: command.name, device: device))
        }
        return (found, missing)
    }

    /// The arguments that choose `device` for the known player `name`; none for another.
    static func deviceArguments(for name: String, device: String?) -> [String] {
        switch (name, device) {
        case ("aplay", let device?): return ["-q", "-D", device]
        case ("aplay", nil): return ["-q"]
        case ("pw-play", let device?): return ["--target", device]
        case ("paplay", let device?): return ["--device=\(device)"]
        default: return []
        }
    }

    /// The executable file `command` names: itself when it holds a `/`, else the first
    /// in the folders of `path`.
    public static func locate(_ command: String, path: String) -> String? {
        if command.contains("/") { return isExecutable(command) ? command : nil }
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + (folder.hasSuffix("/") ? "" : "/") + command
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutable(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}

/// A program a person's setting names, or one of those looked for, found on `PATH`: how
/// the bowl's players (`MOMENTS_PLAYER`) and the voice's engines (`MOMENTS_SPEECH`) are
/// chosen alike.
struct FoundCommand: Hashable, Sendable {
    /// The name a person knows it by (`aplay`, `espeak-ng`): the last part of its path.
    let name: String
    /// The program's path.
    let executable: String
    /// The words the setting gave after the command.
    let arguments: [String]

    /// The command `setting` names alone when it is set (its words split at spaces, never
    /// read by a shell, the first a command on `path` or a path), else each of `known` on
    /// `path`, in order; and the commands looked for in vain.
    static func find(_ setting: String?, otherwise known: [String], path: String) -> (found: [FoundCommand], missing: [String]) {
        let named = (setting ?? "").split(separator: " ").map(String.init)
        let wanted: [(command: String, arguments: [String])] =
            named.first.map { [($0, Array(named.dropFirst()))] } ?? known.map { ($0, []) }
        var found: [FoundCommand] = []
        var missing: [String] = []
        for (command, arguments) in wanted {
            guard let executable = AudioPlayer.locate(command, path: path) else {
                missing.append(command)
                continue
            }
            let name = String(command.split(separator: "/").last ?? Substring(command))
            found.append(FoundCommand(name: name, executable: executable, arguments: arguments))
        }
        return (found, missing)
    }
}
