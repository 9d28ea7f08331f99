#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a whole file so that a crash or power cut at any moment leaves either the old
/// contents or the new ones, never a mix, and so that once the call returns the new ones
/// survive a power cut.
///
/// The protocol: create a temporary file in the same folder (exclusively, so two writers
/// never share one), write all bytes (short writes and `EINTR` handled), `fsync` it, rename
/// it over the target, then `fsync` the folder. Foundation's `.atomic` write skips the last
/// step on Linux, so a power cut just after it may bring the old file back.
public enum DurableFile {
    /// Durably replaces (or creates) the file at `url` with `data`.
    ///
    /// On failure the previous file is intact and the temporary file is removed. A failure of
    /// the very last step (syncing the folder) is reported too: the new contents may then be
    /// visible but are not yet safe from a power cut, so the write must not be acknowledged.
    public static func save(_ data: Data, to url: URL) throws(PersistenceError) {
        let folder = url.deletingLastPathComponent().path
        let target = url.path
        let (temporary, file) = try createTemporary(for: url)
        do {
            try file.writeAll(data)
            try file.sync()
        } catch {
            file.close()
            unlink(temporary)
            throw error.renamingPath(to: target)
        }
        file.close()
        if let code = FileFaults.failure(of: .rename, path: target) {
            unlink(temporary)
            throw .from(errno: code, operation: "replace", path: target)
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw .from(errno: code, operation: "replace", path: target)
        }
        try Directory.sync(folder)
    }

    /// Creates a new temporary file beside `url`, retrying on the (unlikely) name clash.
    private static func createTemporary(for url: URL) throws(PersistenceError) -> (String, FileDescriptor) {
        let folder = url.deletingLastPathComponent()
        var attempts = 0
        while true {
            let path = folder.appendingPathComponent(TemporaryFiles.name(for: url.lastPathComponent)).path
            do {
                return (path, try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL))
            } catch .fileSystem(_, _, let code) where code == EEXIST && attempts < 8 {
                attempts += 1
            } catch {
                throw error.renamingPath(to: url.path)
            }
        }
    }
}
