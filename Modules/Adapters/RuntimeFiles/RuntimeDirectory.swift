#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import LiveApp
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// The folder of runtime files: `$XDG_RUNTIME_DIR/little-moments`, or when that is unset,
/// `little-moments-UID` in the temporary folder. Made with mode 0700 and refused when
/// another user owns it or others can enter it.
public struct RuntimeDirectory: RuntimeFolder {
    /// The folder.
    public let url: URL

    /// The folder at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The folder for this environment.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> RuntimeDirectory {
        if let base = environment["XDG_RUNTIME_DIR"], base.hasPrefix("/") {
            return RuntimeDirectory(url: URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("little-moments"))
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return RuntimeDirectory(url: URL(fileURLWithPath: temporary, isDirectory: true).appendingPathComponent("little-moments-\(getuid())"))
    }

    /// Makes the folder if needed and checks that it is the user's alone.
    func prepare() throws(RuntimeFileError) {
        let path = url.path
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .unusable(path: path, reason: String(cString: strerror(errno)))
        }
        // lstat, not stat: a symbolic link planted in its place is refused, not followed.
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw .unusable(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .unusable(path: path, reason: "it is not a folder")
        }
        guard status.st_uid == getuid() else {
            throw .unusable(path: path, reason: "it belongs to another user")
        }
        let mode = Int(status.st_mode & 0o777)
        if mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .unusable(path: path, reason: "others can enter it and its mode cannot be changed")
        }
    }

    /// The file of process `processID`.
    func fileURL(for processID: Int32) -> URL {
        url.appendingPathComponent("\(processID).json")
    }

    /// Writes `entry` as its process's file, readable by the user alone, replacing the
    /// previous one at once (a reader never sees half a file).
    public func write(_ entry: RuntimeEntry) throws(RuntimeFileError) {
        try prepare()
        let target = fileURL(for: entry.processID)
        let temporary = url.appendingPathComponent(".\(entry.processID).json.tmp")
        let data: Data
        do {
            data = try JSONEncoder().encode(entry)
        } catch {
            throw .unusable(path: target.path, reason: "\(error)")
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unusable(path: temporary.path, reason: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        // The cause is read where it happened: close and unlink below may change errno.
        let writeFailure = written == data.count ? nil : written < 0 ? String(cString: strerror(errno)) : "short write"
        close(descriptor)
        let failure = writeFailure ?? (rename(temporary.path, target.path) == 0 ? nil : String(cString: strerror(errno)))
        if let failure {
            unlink(temporary.path)
            throw .unusable(path: target.path, reason: failure)
        }
    }

    /// Removes the file of process `processID`.
    public func remove(processID: Int32) {
        unlink(fileURL(for: processID).path)
    }

    /// Every entry of a running process, newest file first; files of processes that are
    /// gone are removed on the way.
    public func entries() -> [RuntimeEntry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        var found: [(entry: RuntimeEntry, modified: Date)] = []
        for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let file = url.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file), let entry = RuntimeEntry.read(data)
            else { continue }
            guard Self.isRunning(entry.processID) else {
                unlink(file.path)
                continue
            }
            found.append((entry, Self.modified(file.path) ?? .distantPast))
        }
        return found.sorted { $0.modified > $1.modified }.map(\.entry)
    }

    /// When the file at `path` was last modified, from `lstat(2)` alone: `FileManager`'s
    /// attributes also look up the owner's and group's names, which reads the account
    /// databases for every file.
    static func modified(_ path: String) -> Date? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// How long a bell's claim is kept: long past the minute in which it may still be rung.
    static let claimKept: TimeInterval = 3_600

    /// Claims bell `name` by making its file in the `bells` folder here with `O_EXCL`: the
    /// kernel lets exactly one process make it. Claims older than ``claimKept`` are
    /// removed on the way. A folder that cannot be used claims every bell (it rings, rather
    /// than never).
    public func claimBell(_ name: String) -> Bool {
        let folder = url.appendingPathComponent("bells")
        guard (try? prepare()) != nil, mkdir(folder.path, 0o700) == 0 || errno == EEXIST else { return true }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        let descriptor = open(folder.appendingPathComponent(safe).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno != EEXIST }
        close(descriptor)
        let old = Date().addingTimeInterval(-Self.claimKept)
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let path = folder.appendingPathComponent(file).path
            if let modified = Self.modified(path), modified < old { unlink(path) }
        }
        return true
    }

    /// Wakes on every runtime file written or removed here, and on every file of
    /// `stateFolder` closed after writing (its lock released by a host that ended or
    /// died), through `inotify(7)`: a follower looks for the new host when something
    /// changed, not on a timer. Where inotify cannot watch, it wakes every tenth of a second.
    public func hostChanges(of stateFolder: String) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try? prepare()
        guard let watch = FileWatch([(url.path, .entries), (stateFolder, .closedAfterWriting)]) else {
            // The stream's producer where inotify cannot watch: it lives as long as the stream.
            let ticking = Task {
                while !Task.isCancelled {
                    continuation.yield()
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            continuation.onTermination = { _ in ticking.cancel() }
            return stream
        }
        let source = WatchSource(
            DispatchSource.makeReadSource(fileDescriptor: watch.descriptor, queue: DispatchQueue(label: "little-moments.runtime")))
        source.start(
            onEvent: {
                watch.drain()
                continuation.yield()
            },
            onCancel: { watch.close() })
        continuation.onTermination = { _ in source.cancel() }
        return stream
    }

    /// Whether a process with this id exists.
    private static func isRunning(_ processID: Int32) -> Bool {
        kill(processID, 0) == 0 || errno == EPERM
    }
}

/// The dispatch source reading a ``Persistence/FileWatch``, kept by the stream it feeds
/// until the stream ends.
private final class WatchSource: Sendable {
    // A dispatch source is thread-safe; it is only started once and cancelled here.
    nonisolated(unsafe) private let source: any DispatchSourceRead

    init(_ source: any DispatchSourceRead) { self.source = source }

    func start(onEvent: @escaping @Sendable () -> Void, onCancel: @escaping @Sendable () -> Void) {
        source.setEventHandler(handler: onEvent)
        source.setCancelHandler(handler: onCancel)
        source.resume()
    }

    func cancel() { source.cancel() }
}
