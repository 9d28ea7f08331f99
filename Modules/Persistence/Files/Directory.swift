#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Folder operations that durability needs: creating a store's folder so that it survives a
/// power cut, and syncing a folder after a rename or a new file in it.
enum Directory {
    /// Creates `url` and any missing parents (mode 0700: a history is private), syncing each
    /// parent after a folder is made in it, so the new folders are durable before any file
    /// is written in them.
    static func ensure(_ url: URL) throws(PersistenceError) {
        let path = url.standardizedFileURL.path
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: path) }
            return
        }
        let parent = url.standardizedFileURL.deletingLastPathComponent()
        if parent.path != path { try ensure(parent) }
        if mkdir(path, 0o700) != 0 {
            let code = errno
            if code != EEXIST { throw .from(errno: code, operation: .createFolder, path: path) }
        }
        try sync(parent.path)
    }

    /// Syncs a folder, making the creations, renames and removals in it durable.
    static func sync(_ path: String) throws(PersistenceError) {
        if let code = FileFaults.failure(of: .folderSync, path: path) {
            throw .from(errno: code, operation: .sync, path: path)
        }
        let folder = try FileDescriptor.openDirectory(path)
        defer { folder.close() }
        try folder.sync()
    }

    /// The names in a folder, for the sweep of leftover temporary files.
    static func names(in path: String) throws(PersistenceError) -> [String] {
        guard let stream = opendir(path) else { throw .from(errno: errno, operation: .list, path: path) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
