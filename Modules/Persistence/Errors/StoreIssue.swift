/// Something a store found wrong when it opened and dealt with, so the program could go on:
/// a damaged file it moved aside, records it could not read, the remains of a write that
/// was interrupted. Nothing acknowledged is dropped silently; each issue says where the
/// original bytes were kept, so a person can inspect or restore them.
///
/// Issues are not errors: the store is open and usable. Show them to the person once.
public enum StoreIssue: Hashable, Sendable, CustomStringConvertible {
    /// The whole file was unreadable (corrupt, truncated, empty, or not this kind of file)
    /// and was moved aside; the store goes on without its contents.
    case movedAside(path: String, preservedAt: String, reason: String)
    /// Some records could not be read and were left out; every other record was kept, and
    /// the file as it was is preserved.
    case recordsSkipped(path: String, count: Int, preservedAt: String, reason: String)
    /// The file ended with an incomplete record: a write interrupted by a crash, before it
    /// was ever confirmed. It was removed; the file as it was is preserved.
    case incompleteLastRecord(path: String, bytes: Int, preservedAt: String)
    /// The file was in an older version and was upgraded to the current one.
    case upgraded(path: String, from: Int, to: Int)

    /// The store file the issue is about.
    public var path: String {
        switch self {
        case .movedAside(let path, _, _), .recordsSkipped(let path, _, _, _),
            .incompleteLastRecord(let path, _, _), .upgraded(let path, _, _):
            return path
        }
    }

    /// The message for the person: what was found, what was done, and where the original is.
    public var description: String {
        switch self {
        case .movedAside(let path, let preservedAt, let reason):
            return "\(path) could not be read (\(reason)). It was moved to \(preservedAt) and little-moments "
                + "goes on without it. To recover its contents, repair that file and move it back "
                + "while little-moments is not running."
        case .recordsSkipped(let path, let count, let preservedAt, let reason):
            return "\(count) record\(count == 1 ? "" : "s") in \(path) could not be read (\(reason)) and "
                + "\(count == 1 ? "was" : "were") left out; every other record was kept. "
                + "The file as it was is kept at \(preservedAt) if you want to repair it by hand."
        case .incompleteLastRecord(let path, let bytes, let preservedAt):
            return "\(path) ended with an incomplete record (\(bytes) bytes), left by a write that was "
                + "interrupted before it was confirmed; it was removed. The file as it was is kept at "
                + "\(preservedAt); you can delete it."
        case .upgraded(let path, let from, let to):
            return "\(path) was upgraded from version \(from) to version \(to)."
        }
    }
}
