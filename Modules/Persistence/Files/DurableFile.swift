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
        let staged = try StagedFile(replacing: url)
        try staged.append(data)
        try staged.sync()
        try staged.replace()
    }

    /// Durably creates the file at `url` with `data` unless one is there already; answers
    /// whether it did. Of several writers creating it at once, exactly one does (the file
    /// is linked into place, which fails when the name is taken), and every one that did
    /// not finds the winner's whole file, never a part of it.
    public static func create(_ data: Data, at url: URL) throws(PersistenceError) -> Bool {
        let staged = try StagedFile(replacing: url)
        try staged.append(data)
        try staged.sync()
        return try staged.link()
    }

    /// Creates a new temporary file beside `url`, retrying on the (unlikely) name clash.
    fileprivate static func createTemporary(for url: URL) throws(PersistenceError) -> (String, FileDescriptor) {
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

/// A replacement of a file written in steps, by ``DurableFile``'s protocol: a temporary
/// file beside the target, appended to, synced, then renamed over the target and the
/// folder synced. A compaction beside the writes (``DocumentCollection``) writes its new
/// journal so: most of it before it takes the collection's lock, the rest under it.
///
/// Until ``replace()`` renames it, the target is untouched; a step that throws removes the
/// temporary file, except a failed sync of the folder after the rename, when the new file
/// is the target already (see ``DurableFile/save(_:to:)``). Not thread-safe.
final class StagedFile {
    private let target: String
    private let folder: String
    private let temporary: String
    private let file: FileDescriptor
    private var isOpen = true

    /// Creates the temporary file beside `url`.
    init(replacing url: URL) throws(PersistenceError) {
        target = url.path
        folder = url.deletingLastPathComponent().path
        (temporary, file) = try DurableFile.createTemporary(for: url)
    }

    /// Appends `data` to the temporary file.
    func append(_ data: Data) throws(PersistenceError) {
        do {
            try file.writeAll(data)
        } catch {
            abandon()
            throw error.renamingPath(to: target)
        }
    }

    /// Makes what was appended durable.
    func sync() throws(PersistenceError) {
        do {
            try file.sync()
        } catch {
            abandon()
            throw error.renamingPath(to: target)
        }
    }

    /// Renames the temporary file over the target, then syncs the folder.
    func replace() throws(PersistenceError) {
        close()
        if let code = FileFaults.failure(of: .rename, path: target) {
            unlink(temporary)
            throw .from(errno: code, operation: .replace, path: target)
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw .from(errno: code, operation: .replace, path: target)
        }
        try Directory.sync(folder)
    }

    /// Links the temporary file in as the target unless the target exists (then answers
    /// `false`, the target as it was), removes the temporary name, then syncs the folder.
    func link() throws(PersistenceError) -> Bool {
        close()
        defer { unlink(temporary) }
        if Glibc.link(temporary, target) != 0 {
            let code = errno
            if code == EEXIST { return false }
            throw .from(errno: code, operation: .replace, path: target)
        }
        try Directory.sync(folder)
        return true
    }

    /// Closes and removes the temporary file: the target stays as it was.
    func abandon() {
        close()
        unlink(temporary)
    }

    private func close() {
        guard isOpen else { return }
        isOpen = false
        file.close()
    }
}
