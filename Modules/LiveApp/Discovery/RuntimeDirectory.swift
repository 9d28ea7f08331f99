#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// What a running `moments start` or `moments watch` tells the other terminals of the same
/// person: where its server listens, and which session it shows with the token to reach it.
///
/// One file per process, `PID.json`, readable by the user alone: the token is the key to
/// the session. A file whose process is gone (killed with SIGKILL, a crash) is ignored and
/// removed by the next reader. See ADR 0012.
package struct RuntimeEntry: Codable, Hashable, Sendable {
    /// The process that wrote it.
    package var processID: Int32
    /// The server's address, `http://127.0.0.1:PORT`.
    package var server: String
    /// Whether that process hosts the embedded server (and for which state folder).
    package var hostsStateDirectory: String?
    /// The session it shows, if any.
    package var activityID: String?
    /// The session's bearer token.
    package var token: String?

    enum CodingKeys: String, CodingKey {
        case processID = "pid"
        case server
        case hostsStateDirectory = "hosts_state_directory"
        case activityID = "activity_id"
        case token
    }

    /// The entry a runtime file holds, or nil when it is not one: not JSON of this shape,
    /// or a process id that names no single process (0 and negative ids make `kill` reach
    /// a whole group, so such an entry would look alive forever). The one reader of runtime
    /// files; `package`, so the documents' fuzz target (Tests/Fuzz) reads them through it.
    package static func read(_ data: Data) -> RuntimeEntry? {
        guard let entry = try? JSONDecoder().decode(RuntimeEntry.self, from: data), entry.processID > 0 else { return nil }
        return entry
    }
}

/// The folder of runtime files: `$XDG_RUNTIME_DIR/little-moments`, or when that is unset,
/// `little-moments-UID` in the temporary folder. Made with mode 0700 and refused when
/// another user owns it or others can enter it.
struct RuntimeDirectory: Sendable {
    /// The folder.
    let url: URL

    /// The folder for this environment.
    static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> RuntimeDirectory {
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
    func write(_ entry: RuntimeEntry) throws(RuntimeFileError) {
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
    func remove(processID: Int32) {
        unlink(fileURL(for: processID).path)
    }

    /// Every entry of a running process, newest file first; files of processes that are
    /// gone are removed on the way.
    func entries() -> [RuntimeEntry] {
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
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            found.append((entry, attributes?[.modificationDate] as? Date ?? .distantPast))
        }
        return found.sorted { $0.modified > $1.modified }.map(\.entry)
    }

    /// Whether a process with this id exists.
    private static func isRunning(_ processID: Int32) -> Bool {
        kill(processID, 0) == 0 || errno == EPERM
    }
}

/// The runtime folder cannot be used.
enum RuntimeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder or a file in it cannot be made, read or trusted.
    case unusable(path: String, reason: String)

    var description: String {
        switch self {
        case .unusable(let path, let reason):
            return "the runtime folder \(path) cannot be used (\(reason)); set XDG_RUNTIME_DIR to a folder of yours."
        }
    }
}
