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
/// A failed append is taken back (the file is cut to its length before the append), so a
/// full disk never leaves half a record behind. If even that fails, the log refuses every
/// later append with the same error: the next open repairs the file.
///
/// Not thread-safe on its own; each store guards its log with its own lock.
final class AppendLog {
    private let file: FileDescriptor
    private var length: Int
    private var broken: PersistenceError?

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

    /// Appends `bytes` (whole lines, newline included) durably.
    func append(_ bytes: Data) throws(PersistenceError) {
        if let broken { throw broken }
        do {
            try file.writeAll(bytes)
            try file.syncData()
            length += bytes.count
        } catch let failure {
            do {
                try file.truncate(to: length)
                try file.syncData()
            } catch let rollbackFailure {
                broken = rollbackFailure
            }
            throw failure
        }
    }

    /// Closes the file.
    func close() {
        file.close()
    }
}
