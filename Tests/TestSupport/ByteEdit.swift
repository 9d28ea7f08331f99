/// One byte of an input changed, as the property tests that hold a fast reader to its
/// reference damage what they read: a byte inserted, removed or replaced anywhere.
public enum ByteEdit: Int, CaseIterable, Sendable {
    case insert, remove, replace

    /// `bytes` with `byte` inserted at, the byte removed at, or the byte replaced at
    /// `position` (taken modulo one past the end); unchanged when there is nothing there
    /// to remove or replace.
    public func applied(to bytes: [UInt8], at position: Int, byte: UInt8) -> [UInt8] {
        var edited = bytes
        let at = position % (bytes.count + 1)
        switch self {
        case .insert: edited.insert(byte, at: at)
        case .remove where at < edited.count: edited.remove(at: at)
        case .replace where at < edited.count: edited[at] = byte
        case .remove, .replace: break
        }
        return edited
    }
}
