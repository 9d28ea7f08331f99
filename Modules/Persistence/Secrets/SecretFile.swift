#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Files that hold secrets: a server's keys (their digests) and a person's own key. Each
/// is mode 0600 when we write it, and refused when others than its owner may read or
/// write it, since a secret others could read is no longer one.
public enum SecretFile {
    /// The file's identity: its inode, size, and change and modification times. A file
    /// saved again (written whole and renamed into place) or chmod-ed has a new one, so a
    /// reader re-reads a file only when this changed. `nil` when there is no file.
    public static func identity(of url: URL) throws(PersistenceError) -> FileIdentity? {
        guard let status = try status(of: url) else { return nil }
        return FileIdentity(
            inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: [Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec)],
            changed: [Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec)])
    }

    /// Refuses a file that others than its owner may read or write; a missing file passes.
    ///
    /// - Throws: ``PersistenceError/readableByOthers(path:)``, which says how to fix it.
    public static func requirePrivate(_ url: URL) throws(PersistenceError) {
        guard let status = try status(of: url) else { return }
        if status.st_mode & 0o077 != 0 { throw .readableByOthers(path: url.path) }
    }

    /// The first line of a small secret file, without surrounding whitespace; `nil` when
    /// there is no file or it is blank.
    ///
    /// - Throws: ``PersistenceError/readableByOthers(path:)`` when others may read it, and
    ///   the errors of reading.
    public static func firstLine(of url: URL) throws(PersistenceError) -> String? {
        try requirePrivate(url)
        guard let bytes = try FileDescriptor.contentsIfPresent(url.path) else { return nil }
        let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first
        let trimmed = line.map { String($0.filter { !$0.isWhitespace }) } ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func status(of url: URL) throws(PersistenceError) -> stat? {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw .from(errno: errno, operation: .stat, path: url.path)
        }
        return status
    }
}

/// What tells one version of a file from another without reading it.
public struct FileIdentity: Hashable, Sendable {
    /// The inode: a file saved whole and renamed into place gets a new one.
    public let inode: UInt64
    /// The size in bytes.
    public let size: Int64
    /// The modification time, seconds and nanoseconds.
    public let modified: [Int64]
    /// The status change time (a chmod changes it), seconds and nanoseconds.
    public let changed: [Int64]
}
