#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The cause of a failed file operation in the words of the system ("Permission denied",
/// "No such file or directory"), for messages that name what went wrong.
///
/// FoundationEssentials' errors have no `localizedDescription`; they carry the `errno`
/// beneath, which the C library names.
public enum ErrorReason {
    /// What went wrong in `error`.
    public static func of(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return String(describing: error)
    }
}
