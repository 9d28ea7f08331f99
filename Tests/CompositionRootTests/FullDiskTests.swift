import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `moments start` on a full disk, a real one: a small tmpfs, filled. It exits with the
/// status of an environment failure (4), not that of a usage error, and says only what
/// applies.
@Suite("moments start on a full disk", .serialized, .blocking)
struct FullDiskTests {
    /// Whether this process may mount a tmpfs (root, as CI runs).
    static let canMount: Bool = {
        guard geteuid() == 0, let probe = try? FullMount() else { return false }
        probe.unmount()
        return true
    }()

    @Test(
        "on a full disk: exit 4, the message says the disk is full, and no hint about `moments serve`",
        .enabled(if: canMount, "mounting a small tmpfs needs root"))
    func startOnFullDisk() throws {
        let mount = try FullMount()
        defer { mount.unmount() }
        let data = mount.url.appendingPathComponent("data")
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["MOMENTS_HOME"] = nil
        mount.fill()

        // A short session: were the disk not full, the test would only take that long to fail.
        let run = try BuiltProduct.run("moments", ["start", "2s", "--no-tty", "--data-dir", data.path], environment: environment)
        #expect(run.status == 4, "exit \(run.status): \(run.errors)")
        #expect(run.errors.lowercased().contains("space"), "\(run.errors)")
        #expect(!run.errors.contains("moments serve"), "\(run.errors)")
    }
}

/// A tmpfs (256 KB unless told) on a new temporary folder, to be filled.
struct FullMount {
    let url: URL

    init(bytes: Int = 262_144) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("moments-full-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(bytes),mode=0755") == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: url)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EPERM)
        }
    }

    /// The file ``fill()`` writes.
    var filler: URL { url.appendingPathComponent("filler") }

    /// Writes a file until the device is full.
    func fill() {
        let fd = open(filler.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let block = [UInt8](repeating: 0x2E, count: 4_096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
        close(fd)
    }

    func unmount() {
        umount2(url.path, Int32(MNT_DETACH))
        try? FileManager.default.removeItem(at: url)
    }
}
