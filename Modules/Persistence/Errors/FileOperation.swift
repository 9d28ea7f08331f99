/// A call on a file or folder that can fail, named as a failure's message names it
/// ("Could not sync …"), and what stands after it failed.
public enum FileOperation: String, Sendable, Hashable, CaseIterable {
    /// Opening a file.
    case open
    /// Reading a file.
    case read
    /// Writing a file.
    case write
    /// Syncing a file or a folder to the disk.
    case sync
    /// Cutting a file back to a length (an append taken back).
    case truncate
    /// Renaming a new version of a file over the old one.
    case replace
    /// Reading an open file's size and identity (`fstat`).
    case inspect
    /// Reading a path's owner, mode and identity (`stat`).
    case stat
    /// Listing a folder.
    case list
    /// Taking a store's lock.
    case lock
    /// Moving a damaged file aside, to be kept.
    case moveAside = "move aside"
    /// Removing a temporary file a crash left.
    case removeLeftover = "remove the leftover"
    /// Making a folder.
    case createFolder = "create the folder"

    /// What stands after it failed, and what to do: a write leaves the previous version of
    /// its file; a folder that could not be made leaves nothing written; a read changes
    /// nothing.
    var afterFailing: String {
        switch self {
        case .createFolder:
            return "Nothing was written; choose a folder that can be made (--data-dir, or MOMENTS_HOME)."
        case .read, .open, .list, .stat, .inspect, .lock:
            return "Nothing was changed; check the disk and the permissions of the file and its folder (ls -ld), "
                + "and try again."
        case .write, .sync, .truncate, .replace, .moveAside, .removeLeftover:
            return "The previous version of the file is intact; check the disk and try again."
        }
    }
}
