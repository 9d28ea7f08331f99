#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The names of the temporary files a save writes before it renames them into place, and
/// the sweep that removes the ones a crash left behind.
///
/// A temporary file is hidden and named after its target, `.settings.json.tmp-<pid>-<random>`,
/// so the sweep of one store never touches another store's files, and a person listing the
/// folder sees where a stray one came from.
enum TemporaryFiles {
    /// A fresh temporary name for `target` (a file name, not a path).
    static func name(for target: String) -> String {
        let random = UInt64.random(in: 0...UInt64.max)
        return ".\(target).tmp-\(getpid())-\(String(random, radix: 16))"
    }

    /// Whether `name` is a temporary file of `target`.
    static func isTemporary(_ name: String, of target: String) -> Bool {
        name.hasPrefix(".\(target).tmp-")
    }

    /// Removes the temporary files of `targets` in `folder`, left there by a process that
    /// died mid-save. Only call it while holding the store's lock: then no live writer of
    /// these targets exists. Answers how many were removed.
    @discardableResult
    static func sweep(in folder: URL, for targets: [String]) throws(PersistenceError) -> Int {
        let names = try Directory.names(in: folder.path)
        var removed = 0
        for name in names where targets.contains(where: { isTemporary(name, of: $0) }) {
            let path = folder.appendingPathComponent(name).path
            if unlink(path) != 0 {
                let code = errno
                if code != ENOENT { throw .from(errno: code, operation: .removeLeftover, path: path) }
            }
            removed += 1
        }
        if removed > 0 { try Directory.sync(folder.path) }
        return removed
    }
}
