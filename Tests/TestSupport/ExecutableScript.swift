import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A script a test runs as a program (a stand-in player, an engine of its own).
public enum ExecutableScript {
    /// Writes `script` to `url`, executable, through a descriptor closed on exec. A child
    /// that another suite forks while the script is open for writing must not keep it open:
    /// running the script would then fail with ETXTBSY ("text file busy").
    public static func write(_ script: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(descriptor) }
        let bytes = Array(script.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
            written += count
        }
    }
}
