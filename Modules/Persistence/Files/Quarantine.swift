import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a damaged file's bytes beside it, as `NAME.corrupt-<UTC timestamp>`, before a
/// store goes on without them. Nothing a store cannot read is ever deleted: a person (or a
/// later version) may still recover it.
enum Quarantine {
    /// Moves the file at `url` aside, answering the path it now has. The store then behaves
    /// as if the file did not exist.
    static func moveAside(_ url: URL, now: Date = Date()) throws(PersistenceError) -> String {
        let aside: String
        if let linked = try linkAside(url, now: now) {
            aside = linked
            if unlink(url.path) != 0 { throw .from(errno: errno, operation: .moveAside, path: url.path) }
        } else {
            aside = try freeName(for: url, now: now)
            if rename(url.path, aside) != 0 { throw .from(errno: errno, operation: .moveAside, path: url.path) }
        }
        try Directory.sync(url.deletingLastPathComponent().path)
        return aside
    }

    /// Keeps a copy of the file at `url` (whose contents are `bytes`) aside, leaving the file
    /// itself in place for the store to replace with what it could read. Answers the copy's
    /// path. A hard link costs nothing; where the file system has none, the bytes are copied.
    static func preserve(_ url: URL, bytes: Data, now: Date = Date()) throws(PersistenceError) -> String {
        let aside: String
        if let linked = try linkAside(url, now: now) {
            aside = linked
        } else {
            aside = try freeName(for: url, now: now)
            let file = try FileDescriptor.open(aside, flags: O_WRONLY | O_CREAT | O_EXCL)
            defer { file.close() }
            try file.writeAll(bytes)
            try file.sync()
        }
        try Directory.sync(url.deletingLastPathComponent().path)
        return aside
    }

    /// `NAME.corrupt-<timestamp>`, then `-2`, `-3`… for two damages within a millisecond.
    private static func candidates(for url: URL, now: Date) -> [String] {
        let stamp = Instant.format(now).filter { $0 != "-" && $0 != ":" }
        let base = "\(url.path).corrupt-\(stamp)"
        return [base] + (2...99).map { "\(base)-\($0)" }
    }

    /// Hard-links the file to a free aside name, or answers `nil` where the file system has
    /// no hard links.
    private static func linkAside(_ url: URL, now: Date) throws(PersistenceError) -> String? {
        for candidate in candidates(for: url, now: now) {
            if link(url.path, candidate) == 0 { return candidate }
            switch errno {
            case EEXIST: continue
            case EPERM, EXDEV, ENOTSUP, EMLINK: return nil
            case let code: throw .from(errno: code, operation: .moveAside, path: url.path)
            }
        }
        throw .fileSystem(path: url.path, operation: .moveAside, code: EEXIST)
    }

    /// A free aside name; safe to use because the caller holds the store's lock.
    private static func freeName(for url: URL, now: Date) throws(PersistenceError) -> String {
        for candidate in candidates(for: url, now: now) where access(candidate, F_OK) != 0 {
            return candidate
        }
        throw .fileSystem(path: url.path, operation: .moveAside, code: EEXIST)
    }
}
