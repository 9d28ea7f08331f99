import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Debian package on a machine that has never seen Swift (issue 58, item 2): a fresh
/// Debian 12 made with `debootstrap` in a folder (minbase, and man-db to read the pages),
/// the package installed there with `dpkg -i` (and `apt-get -f install`), and everything a
/// person does first run inside it with `chroot`: the version, a three-second sit and its
/// summary, the history, the manual page, a showcase scenario, `moments serve` answering
/// `/healthz` (the chroot shares this machine's loopback, so the suite asks it); then
/// `dpkg -r` leaves nothing of the package in /usr or /etc.
///
/// Whether this machine can make a Debian root and chroot into it: root, and debootstrap.
let chrootPossible = getuid() == 0
    && ["/usr/sbin/debootstrap", "/usr/sbin/chroot"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// Needs root (chroot, mounts) and Debian's mirror (`MOMENTS_DEBIAN_MIRROR` names
/// another); where either is missing it is skipped and says so. About a minute and a half:
/// half the package, half debootstrap.
@Suite(
    "The Debian package in a fresh Debian 12 without Swift", .ownThreads,
    .enabled(
        if: chrootPossible,
        "needs root and debootstrap (Scripts/prepare-tests installs it): it makes a Debian system in a folder and chroots into it"))
struct DebianChrootTests {
    static let mirror = ProcessInfo.processInfo.environment["MOMENTS_DEBIAN_MIRROR"] ?? "http://deb.debian.org/debian"

    /// A Debian 12 in a folder, /proc and /dev mounted into it until ``remove()``.
    final class DebianRoot {
        let folder: TemporaryFolder
        var path: String { folder.url.appendingPathComponent("root").path }
        private var mounted: [String] = []

        init() throws {
            folder = try TemporaryFolder()
            do {
                _ = try ProcessRunner.run(
                    "debootstrap", ["--variant=minbase", "--include=man-db", "bookworm", path, DebianChrootTests.mirror])
            } catch {
                remove()
                throw error
            }
            for (what, options) in [("proc", ["-t", "proc", "proc"]), ("dev", ["--bind", "/dev"])] {
                do {
                    _ = try ProcessRunner.run("mount", options + ["\(path)/\(what)"])
                } catch {
                    remove()
                    throw error
                }
                mounted.append("\(path)/\(what)")
            }
        }

        /// Runs `command` inside the root, as root with HOME=/root; its status and streams.
        func run(_ command: [String], environment: [String: String] = [:]) throws -> InstallScriptTests.Outcome {
            let variables = ["HOME=/root", "PATH=/usr/bin:/bin:/usr/sbin:/sbin", "LANG=C.UTF-8", "TERM=dumb"]
                + environment.map { "\($0.key)=\($0.value)" }
            return try InstallScriptTests.run("/usr/sbin/chroot", [path, "/usr/bin/env", "-i"] + variables + command)
        }

        /// Every path under /usr and /etc of the root, folders marked with a slash.
        func systemFiles() throws -> Set<String> {
            var found: Set<String> = []
            for top in ["usr", "etc"] {
                let base = "\(path)/\(top)"
                let enumerator = FileManager.default.enumerator(atPath: base)
                while let relative = enumerator?.nextObject() as? String { found.insert("\(top)/\(relative)") }
            }
            return found
        }

        /// Unmounts /proc and /dev, and removes the root only once nothing is mounted in it:
        /// removing a folder with this machine's /dev bound into it would empty /dev.
        func remove() {
            for mount in mounted.reversed() where (try? ProcessRunner.run("umount", [mount])) == nil {
                // Busy (a process of the test still inside): detached now, gone when free.
                _ = try? ProcessRunner.run("umount", ["--lazy", mount])
            }
            mounted = []
            let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? path
            guard !mounts.contains(path) else {
                Issue.record("\(path) still has something mounted in it; left in place, remove it by hand once unmounted")
                return
            }
            folder.remove()
        }
    }

    @Test("installed with dpkg -i, the programs, pages and server work with no Swift; dpkg -r leaves nothing behind")
    func installRunRemove() async throws {
        let (deb, _, out) = try PackageScriptTests.makePackage()
        defer { out.remove() }
        let debian = try DebianRoot()
        defer { debian.remove() }
        #expect(!FileManager.default.fileExists(atPath: "\(debian.path)/usr/bin/swift"))
        let before = try debian.systemFiles()

        try FileManager.default.copyItem(atPath: deb.path, toPath: "\(debian.path)/tmp/little-moments.deb")
        let installed = try debian.run(["dpkg", "-i", "/tmp/little-moments.deb"])
        #expect(installed.status == 0, "dpkg -i: \(installed.output)\(installed.errors)")
        let fixed = try debian.run(["apt-get", "-f", "install", "-y", "-q"])
        #expect(fixed.status == 0, "apt-get -f install: \(fixed.errors)")

        let version = try debian.run(["moments", "--version"])
        let built = try BuiltProduct.run("moments", ["--version"]).output
        #expect(version.status == 0 && version.output == built, "\(version.errors)")

        let sit = try debian.run(["moments", "start", "3s", "--no-tty", "--name", "Chroot"])
        #expect(sit.status == 0, "moments start: \(sit.output)\(sit.errors)")
        #expect(sit.output.contains("Completed: Chroot"), "\(sit.output)")
        #expect(sit.output.contains("Sat 0:03 of 0:03"), "\(sit.output)")

        let history = try debian.run(["moments", "history"])
        #expect(history.status == 0, "\(history.errors)")
        #expect(history.output.contains("Chroot") && history.output.contains("3 s ✓"), "\(history.output)")

        let page = try debian.run(["man", "-P", "cat", "moments"], environment: ["MANWIDTH": "80"])
        #expect(page.status == 0 && page.output.contains("MOMENTS(1)"), "man moments: \(page.errors)")

        let scenario = "Timer/Screen/inProgress"
        let drawn = try debian.run(["moments-showcase", "render", scenario])
        #expect(drawn.status == 0, "moments-showcase render: \(drawn.errors)")
        let expected = try BuiltProduct.run("moments-showcase", ["render", scenario]).output
        #expect(drawn.output == expected)

        try await Self.serveAnswersHealth(in: debian)

        let removed = try debian.run(["dpkg", "-r", "little-moments"])
        #expect(removed.status == 0, "dpkg -r: \(removed.errors)")
        let after = try debian.systemFiles()
        #expect(after.subtracting(before).isEmpty, "left behind: \(after.subtracting(before).sorted())")
        #expect(before.subtracting(after).isEmpty, "taken away: \(before.subtracting(after).sorted())")
    }

    /// `moments serve --port 0` inside the root prints where it listens; this machine's
    /// curl asks it `/healthz` there, and SIGTERM ends it with 0.
    static func serveAnswersHealth(in debian: DebianRoot) async throws {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        try scratch.write("", to: "out")
        let output = try FileHandle(forWritingTo: scratch.path("out"))
        let serve = Process()
        serve.executableURL = URL(fileURLWithPath: "/usr/sbin/chroot")
        serve.arguments = [debian.path, "/usr/bin/env", "-i", "HOME=/root", "/usr/bin/moments", "serve", "--port", "0", "--no-metrics"]
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        serve.standardInput = FileHandle.nullDevice
        try serve.run()
        defer { if serve.isRunning { serve.terminate() } }
        var address: String?
        try await eventually(within: .seconds(60)) {
            let text = (try? String(contentsOf: scratch.path("out"), encoding: .utf8)) ?? ""
            address = text.split(separator: "\n").first.flatMap { line in
                line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init)
            }
            return address != nil
        }
        let base = try #require(address, "moments serve printed no address")
        let health = try ProcessRunner.run("curl", ["-sS", "--fail", "--max-time", "30", "\(base)/healthz"])
        #expect(!health.isEmpty)
        serve.terminate()
        serve.waitUntilExit()
        #expect(serve.terminationStatus == 0)
    }
}
