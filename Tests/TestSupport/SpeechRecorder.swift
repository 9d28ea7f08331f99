import Foundation

/// The real espeak-ng, speaking into files instead of a sound card: `engine` is an
/// `espeak-ng` of the test's own that runs `/usr/bin/espeak-ng -w FILE` with the arguments
/// it was given, logging the words it was asked to say (one line each, in order) and how
/// long each took. sox then measures what was spoken: its length, its loudness, and the
/// stretches of speech between its silences.
public struct SpeechRecorder: Sendable {
    /// What sox measured of one recording.
    public struct Measure: Sendable, CustomStringConvertible {
        /// Its length, in seconds.
        public let seconds: Double
        /// Its RMS amplitude, 0 to 1: silence is under 0.001.
        public let loudness: Double
        /// How many stretches of speech it holds, told apart by silences of at least a
        /// quarter of a second (the pause between two sentences).
        public let stretches: Int

        public var description: String { "\(seconds) s, RMS \(loudness), \(stretches) stretches" }
    }

    /// Where the engine, its log and its recordings are.
    public let folder: URL
    /// The stand-in engine to name in `MOMENTS_SPEECH` (or to put on `PATH`).
    public var engine: URL { folder.appendingPathComponent("bin/espeak-ng") }
    /// The log: `START NANOSECONDS FILE WORDS` and `END NANOSECONDS FILE`, for each call.
    public var log: URL { folder.appendingPathComponent("speech.log") }

    /// A recorder in `folder` (made if missing).
    public init(in folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let wavs = folder.appendingPathComponent("said").path
        try FileManager.default.createDirectory(atPath: wavs, withIntermediateDirectories: true)
        // The last argument is the words (the engine's own arguments come first).
        let script = """
            #!/bin/sh
            for words in "$@"; do :; done
            file='\(wavs)'/said-$$.wav
            echo "START $(/bin/date +%s%N) $file $words" >> '\(log.path)'
            /usr/bin/espeak-ng -w "$file" "$@" || exit $?
            echo "END $(/bin/date +%s%N) $file" >> '\(log.path)'
            """
        try ExecutableScript.write(script, to: engine)
    }

    /// The words said, in the order they were begun.
    public func words() -> [String] {
        lines().compactMap { line in
            guard line.hasPrefix("START ") else { return nil }
            return line.split(separator: " ", maxSplits: 3).dropFirst(3).first.map(String.init)
        }
    }

    /// Each finished recording, in order: its file, when it began and ended (nanoseconds of
    /// the system clock).
    public func recordings() -> [(file: String, began: UInt64, ended: UInt64)] {
        var began: [String: UInt64] = [:]
        var done: [(file: String, began: UInt64, ended: UInt64)] = []
        for line in lines() {
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            guard parts.count >= 3, let instant = UInt64(parts[1]) else { continue }
            if parts[0] == "START" { began[parts[2]] = instant }
            if parts[0] == "END", let start = began[parts[2]] { done.append((parts[2], start, instant)) }
        }
        return done.sorted { $0.began < $1.began }
    }

    /// What sox measures of the recording at `file`.
    public static func measure(_ file: String) throws -> Measure {
        let stat = try ProcessRunner.run("sh", ["-c", "sox '\(file)' -n stat 2>&1"])
        func figure(_ name: String) -> Double {
            let line = stat.split(separator: "\n").first { $0.hasPrefix(name) }
            return line.flatMap { Double($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
        }
        let parts = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parts) }
        // Split at each silence of a quarter of a second: one file per stretch of speech.
        _ = try ProcessRunner.run("sox", [file, parts.appendingPathComponent("part.wav").path, "silence", "1", "0.02", "1%", "1", "0.25", "1%", ":", "newfile", ":", "restart"])
        var stretches = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: parts.path) {
            let length = try ProcessRunner.run("sh", ["-c", "sox '\(parts.appendingPathComponent(name).path)' -n stat 2>&1 | grep '^Length'"])
            if let seconds = Double(length.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""), seconds > 0.2 {
                stretches += 1
            }
        }
        return Measure(seconds: figure("Length (seconds)"), loudness: figure("RMS     amplitude"), stretches: stretches)
    }

    private func lines() -> [String] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }
}
