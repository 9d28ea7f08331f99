extension PersistenceError {
    /// The same error about `path` instead: a failure on a temporary file is reported
    /// against the file the person knows.
    func renamingPath(to path: String) -> PersistenceError {
        switch self {
        case .newerVersion(_, let format, let found, let supported):
            return .newerVersion(path: path, format: format, found: found, supported: supported)
        case .noMigration(_, let format, let from, let to): return .noMigration(path: path, format: format, from: from, to: to)
        case .inUse(_, let processID): return .inUse(path: path, processID: processID)
        case .diskFull: return .diskFull(path: path)
        case .permissionDenied: return .permissionDenied(path: path)
        case .readOnlyFileSystem: return .readOnlyFileSystem(path: path)
        case .notADirectory: return .notADirectory(path: path)
        case .notAFile: return .notAFile(path: path)
        case .fileSystem(_, let operation, let code): return .fileSystem(path: path, operation: operation, code: code)
        case .unencodable(_, let reason): return .unencodable(path: path, reason: reason)
        case .closed: return .closed(path: path)
        case .readableByOthers: return .readableByOthers(path: path)
        }
    }
}
