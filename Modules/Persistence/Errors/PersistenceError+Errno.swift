#if canImport(Glibc)
    import Glibc
#endif

extension PersistenceError {
    /// The error for a failed system call, from its errno: the conditions a person can fix
    /// (full disk, permissions, read-only mount, a file in the folder path) get their own
    /// case and advice; anything else keeps the call's name and code.
    static func from(errno code: Int32, operation: FileOperation, path: String) -> PersistenceError {
        switch code {
        case ENOSPC, EDQUOT: return .diskFull(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        case EROFS: return .readOnlyFileSystem(path: path)
        case ENOTDIR: return .notADirectory(path: path)
        case EISDIR: return .notAFile(path: path)
        default: return .fileSystem(path: path, operation: operation, code: code)
        }
    }
}
