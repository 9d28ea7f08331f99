#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of a line file: appends whole records and makes each durable before it
/// returns, so an append costs one write and one `fdatasync` whatever the file's size.
///
/// An append that throws left nothing in the file (ADR 0028): a failed write or sync is
/// taken back by cutting the file to its length before the append, so a full disk never
/// leaves half a record behind, nor a whole one that its caller was told failed. What
/// cannot be taken back at once is finished before the next append writes anything:
///
/// - a write that failed and whose cut failed too left part of a line without its newline
///   (never read back as a record); the next append cuts it first, or fails untouched;
/// - a sync that failed after the whole line was written, and whose cut failed too, left a
///   complete line in the file, which a restart would read: that append is answered as
///   done (``Outcome/writtenUnconfirmed(_:)``, the truth a crash would show), and the next
///   append syncs it first, or fails untouched.
///
/// Not thread-safe on its own; each store guards its log with its own lock.
final class AppendLog {
    /// How an append that did not throw went.
    enum Outcome: Equatable {
        /// Written and synced.
        case durable
        /// Written whole, but its sync failed and it could not be taken back: it is in the
        /// file (a restart after a crash reads it), not yet confirmed on the device.
        case writtenUnconfirmed(PersistenceError)
    }

    /// What the file needs before the next append may write.
    private enum Repair {
        /// Cut the file back to ``length`` and sync.
        case cut(PersistenceError)
        /// Sync what is written.
        case sync(PersistenceError)
    }

    private let file: FileDescriptor
    /// How long the file is with every line appended whole: what follows (part of a line
    /// a failed append could not cut back) is not part of it.
    private(set) var length: Int
    private var repair: Repair?

    /// Opens the existing file at `url` for appending.
    init(_ url: URL) throws(PersistenceError) {
        file = try FileDescriptor.open(url.path, flags: O_WRONLY | O_APPEND)
        do {
            length = try file.size()
        } catch {
            file.close()
            throw error
        }
    }

    /// Which file is open, so its owner can tell whether the path still names it.
    var identity: FileInode? { file.identity() }

    /// Appends `bytes` (whole lines, newline included). Throws only when nothing of them
    /// is in the file.
    @discardableResult
    func append(_ bytes: Data) throws(PersistenceError) -> Outcome {
        try finishRepair()
        do {
            try file.writeAll(bytes)
        } catch {
            takeBack(after: error)
            throw error
        }
        do {
            try file.syncData()
        } catch let failure {
            do {
                try file.truncate(to: length)
            } catch {
                // The whole line stays in the file: it is written, as a crash would show.
                length += bytes.count
                repair = .sync(failure)
                return .writtenUnconfirmed(failure)
            }
            syncTakeBack(after: failure)
            throw failure
        }
        length += bytes.count
        return .durable
    }

    /// Closes the file.
    func close() {
        file.close()
    }

    /// Cuts the file back to its length before a failed write.
    private func takeBack(after failure: PersistenceError) {
        do {
            try file.truncate(to: length)
        } catch {
            repair = .cut(failure)
            return
        }
        syncTakeBack(after: failure)
    }

    /// Syncs a cut; if that fails, the next append does it first.
    private func syncTakeBack(after failure: PersistenceError) {
        do {
            try file.syncData()
        } catch {
            repair = .sync(failure)
        }
    }

    /// Does what an earlier failure left to do, or throws without writing.
    private func finishRepair() throws(PersistenceError) {
        switch repair {
        case nil: return
        case .cut: try file.truncate(to: length)
        case .sync: break
        }
        try file.syncData()
        repair = nil
    }
}
