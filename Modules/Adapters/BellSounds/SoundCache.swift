#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence
import Sound

#if canImport(Glibc)
    import Glibc
#endif

/// The bowl's WAV files in the person's cache folder (``Persistence/StoreLocations/cacheDirectory(environment:)``),
/// one per number of strikes and volume, synthesised the first time each is rung and
/// read back on every later ring: a file that does not read as the recording it should
/// be (cut short by a full disk, damaged, written by hand) is synthesised and written
/// again. Files are replaced whole (``Persistence/DurableFile``), so a player never sees
/// half of one, even with two processes writing it at once.
public struct SoundCache: Sendable {
    /// The folder the files are in.
    public let folder: URL

    /// The files in the cache folder of `environment`.
    public static func resolve(environment: [String: String]) -> SoundCache {
        SoundCache(folder: StoreLocations.cacheDirectory(environment: environment))
    }

    /// The files in `folder`.
    public init(folder: URL) {
        self.folder = folder
    }

    /// The file of a bell of `strikes` strikes at `volume`. Its name carries
    /// ``Sound/BowlStrike/synthesisVersion``, so a changed design is written anew rather
    /// than played from a stale file.
    public func url(strikes: Int, volume: Int) -> URL {
        folder.appendingPathComponent("bowl-v\(BowlStrike.synthesisVersion)-\(strikes)-strikes-\(volume)-percent.wav")
    }

    /// The file of a bell of `strikes` strikes at `volume`, written first when it is
    /// missing or is not that recording's shape (rate, sample count).
    public func file(strikes: Int, volume: Int) throws(SoundCacheError) -> URL {
        let url = url(strikes: strikes, volume: volume)
        if isWhole(url, strikes: strikes) { return url }
        let recording: BowlRecording
        do {
            recording = try BowlRecording(strikes: strikes, volume: volume)
        } catch {
            throw .request(error)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: folder.path, reason: "the folder cannot be made: \(error)")
        }
        do {
            let wav = recording.wav
            var data = Data(capacity: wav.size)
            wav.append(to: &data)
            try DurableFile.save(data, to: url)
        } catch {
            throw .unwritable(path: url.path, reason: error.description)
        }
        return url
    }

    /// Whether the file at `url` is the WAV file of the bowl's rate and of the length of
    /// `strikes` strikes, as ``file(strikes:volume:)`` writes it: its canonical header and
    /// its size, read without its samples, so a ring from the cache holds none of them in
    /// memory (a file cut short, damaged in its header, or written otherwise is written again).
    private func isWhole(_ url: URL, strikes: Int) -> Bool {
        let count = BowlRecording.sampleCount(strikes: strikes)
        let header = WAVFile.header(sampleRate: BowlStrike.sampleRate, sampleCount: count)
        // FileHandle is not in FoundationEssentials (ADR 0016): the descriptor itself.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size == off_t(header.count + 2 * count) else { return false }
        var start = [UInt8](repeating: 0, count: header.count)
        return pread(descriptor, &start, start.count, 0) == start.count && start == header
    }
}

/// Why the bowl's file could not be had, in words a person can act on.
public enum SoundCacheError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A bell of strikes or a volume out of range.
    case request(BowlRecordingError)
    /// The file or its folder cannot be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .request(let error): return error.description
        case .unwritable(let path, let reason):
            return "the bowl's sound cannot be written to \(path) (\(reason)); "
                + "set XDG_CACHE_HOME to a folder you can write"
        }
    }
}
