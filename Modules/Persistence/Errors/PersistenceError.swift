#if canImport(Glibc)
    import Glibc
#endif

/// Why a store could not do what was asked. Every case names the file or folder involved,
/// and its ``description`` says what a person can do about it, because these messages reach
/// the terminal as they are.
///
/// Whenever a write fails with one of these, the previous version of the file is intact:
/// saves go through a temporary file and appends are rolled back, so an error never leaves
/// a half-written file behind.
public enum PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was written by a newer version of the program, with a format or schema
    /// version this one does not know. It is left untouched, so the newer program still
    /// finds everything when it runs again.
    case newerVersion(path: String, format: String, found: Int, supported: Int)
    /// The file is in an older version for which no migration exists. It is left untouched.
    case noMigration(path: String, format: String, from: Int, to: Int)
    /// Another process (or another open store in this one) holds the store's lock.
    /// `processID` is the holder's process, when it could be read from the lock file.
    case inUse(path: String, processID: Int32?)
    /// The device holding the file is full (or the user's quota is used up).
    case diskFull(path: String)
    /// The operating system refused access to the file or its folder.
    case permissionDenied(path: String)
    /// The file lives on a file system mounted read-only.
    case readOnlyFileSystem(path: String)
    /// Part of the folder path is a regular file, so the folder cannot exist.
    case notADirectory(path: String)
    /// A folder sits where the store expects a file.
    case notAFile(path: String)
    /// Any other failure of the operating system, with the call that failed and its errno.
    case fileSystem(path: String, operation: FileOperation, code: Int32)
    /// The caller's value could not be written as JSON (for instance a NaN number).
    case unencodable(path: String, reason: String)
    /// The store was closed, so it can no longer be used.
    case closed(path: String)
    /// A file of secrets (a server's keys, a person's access key) that others than its owner may
    /// read: refused rather than used, since whoever could read it may already have.
    case readableByOthers(path: String)

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case .newerVersion(let path, _, _, _), .noMigration(let path, _, _, _), .inUse(let path, _),
            .diskFull(let path), .permissionDenied(let path), .readOnlyFileSystem(let path),
            .notADirectory(let path), .notAFile(let path), .fileSystem(let path, _, _),
            .unencodable(let path, _), .closed(let path), .readableByOthers(let path):
            return path
        }
    }

    /// Whether the machine refused (a full disk, a folder that cannot be written or read, a
    /// file where a folder must be): nothing a command line can change, so every command
    /// ends with the environment's exit status on it. The others are about the files'
    /// contents or another process holding them.
    public var isEnvironmentFailure: Bool {
        switch self {
        case .diskFull, .permissionDenied, .readOnlyFileSystem, .notADirectory, .notAFile, .fileSystem: return true
        case .newerVersion, .noMigration, .inUse, .unencodable, .closed, .readableByOthers: return false
        }
    }

    /// The message for the person: what happened to which path, and what to do about it.
    public var description: String {
        switch self {
        case .newerVersion(let path, let format, let found, let supported):
            return "\(path) was written by a newer version of little-moments (\(format) version \(found); "
                + "this version reads up to \(supported)). It was left untouched. "
                + "Update little-moments to use it, or move the file elsewhere to start afresh."
        case .noMigration(let path, let format, let from, let to):
            return "\(path) is in \(format) version \(from), and this version of little-moments cannot "
                + "upgrade it to version \(to). It was left untouched. Open it with the version that wrote it, "
                + "or move the file elsewhere to start afresh."
        case .inUse(let path, let processID):
            let holder = processID.map { "process \($0)" + ($0 == getpid() ? " (this process)" : "") }
            return "\(path) is in use by \(holder ?? "another process"). "
                + "Wait for it to finish or quit it, then try again."
        case .diskFull(let path):
            return "No space left on the device to write \(path); the previous version of the file is intact. "
                + "Free some disk space and try again."
        case .permissionDenied(let path):
            return "Permission denied for \(path); the previous version of the file is intact. "
                + "Check the owner and mode of the file and its folder (ls -ld), "
                + "or set MOMENTS_HOME to a folder you own."
        case .readableByOthers(let path):
            return "\(path) holds secrets but others than its owner may read it, so it is not used. "
                + "Make it yours alone with `chmod 600 \(path)`; if others may have read it, replace the keys in it."
        case .readOnlyFileSystem(let path):
            return "\(path) is on a read-only file system; the previous version of the file is intact. "
                + "Remount it read-write, or set MOMENTS_HOME to a writable folder."
        case .notADirectory(let path):
            return "\(path) cannot be reached because part of its folder path is a file, not a folder. "
                + "Move that file away, or choose another folder (--data-dir, or MOMENTS_HOME)."
        case .notAFile(let path):
            return "\(path) is a folder, but little-moments keeps a file there. "
                + "Move the folder away, or choose another folder (--data-dir, or MOMENTS_HOME)."
        case .fileSystem(let path, let operation, let code):
            return "Could not \(operation.rawValue) \(path): \(String(cString: strerror(code))) (errno \(code)). "
                + operation.afterFailing
        case .unencodable(let path, let reason):
            return "Could not write \(path) because the value cannot be written as JSON (\(reason)). "
                + "Nothing was changed; this is a bug in little-moments, please report it."
        case .closed(let path):
            return "The store at \(path) was closed and cannot be used any more; open it again."
        }
    }
}
