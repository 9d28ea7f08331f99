import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted on a temporary folder, for the failures that only a real file
/// system produces honestly: a full disk (a mount of a few pages) and a read-only one
/// (remounted read-only). Mounting needs root (CAP_SYS_ADMIN); the tests that use it are
/// skipped elsewhere, with the reason.
struct ScratchMount {
    /// The mounted folder.
    let url: URL

    /// Whether this process may mount file systems.
    static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? ScratchMount(bytes: 65_536) else { return false }
        probe.unmount()
        return true
    }()

    /// Mounts a tmpfs of `bytes` (rounded up to pages) on a new temporary folder.
    init(bytes: Int) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("moments-mount-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(bytes),mode=0755") == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: url)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EPERM)
        }
    }

    /// Runs `body` on a fresh mount of `bytes`, unmounting it afterwards whatever happens.
    static func with<Result>(bytes: Int, _ body: (ScratchMount) throws -> Result) throws -> Result {
        let scratch = try ScratchMount(bytes: bytes)
        defer { scratch.unmount() }
        return try body(scratch)
    }

    /// Makes the mount read-only (every file on it must be closed for writing first).
    func remountReadOnly() throws {
        guard mount("tmpfs", url.path, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
    }

    /// Fills the mount with a file until the device is full; answers that file.
    @discardableResult
    func fill() -> URL {
        let filler = url.appendingPathComponent("filler")
        let fd = open(filler.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let block = [UInt8](repeating: 0x2E, count: 4_096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        // Use up the last bytes of a partial block too.
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        close(fd)
        return filler
    }

    /// Unmounts and removes the folder.
    func unmount() {
        umount2(url.path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(at: url)
    }
}
