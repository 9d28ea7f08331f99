import Foundation
import TestSupport
import Testing

/// `Scripts/package` on the products this test run already built (`--products`): a Debian
/// package and a release archive of the same tree, whose programs run without the Swift
/// toolchain's libraries, that lintian (Debian's own checker) finds no error in, and whose
/// systemd user unit `systemd-analyze verify` accepts (issue 58, items 1 and 3). The
/// package of a release build differs only in the programs' size.
@Suite("Scripts/package: a Debian package and a release archive", .ownThreads)
struct PackageScriptTests {
    static let script = InstallScriptTests.packageRoot.appendingPathComponent("Scripts/package").path
    static let programs = ["moments", "moments-server", "moments-showcase"]

    /// What the package must hold besides its folders, relative to its root.
    static let expectedFiles: [String] = programs.flatMap { program in
        ["usr/bin/\(program)"]
    } + ["moments", "moments-showcase"].flatMap { program in
        [
            "usr/share/man/man1/\(program).1.gz", "usr/share/bash-completion/completions/\(program)",
            "usr/share/zsh/vendor-completions/_\(program)", "usr/share/fish/vendor_completions.d/\(program).fish",
        ]
    } + [
        "usr/share/applications/moments.desktop", "usr/share/icons/hicolor/scalable/apps/little-moments.svg",
        "usr/lib/systemd/user/moments-serve.service", "usr/share/doc/little-moments/copyright",
        "usr/share/doc/little-moments/changelog.gz", "usr/share/lintian/overrides/little-moments",
    ]

    /// Packages the built products into a temporary folder: the two files and the folder.
    static func makePackage() throws -> (deb: URL, archive: URL, folder: TemporaryFolder) {
        try InstallScriptTests.requireManualTool()
        let out = try TemporaryFolder()
        let made = try InstallScriptTests.run("/bin/bash", [script, "--products", BuiltProduct.directory.path, "--out", out.url.path])
        #expect(made.status == 0, "Scripts/package: \(made.errors)")
        let version = try BuiltProduct.run("moments", ["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let arch = try ProcessRunner.run("dpkg", ["--print-architecture"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "little-moments_\(version)_\(arch)"
        return (out.path("\(name).deb"), out.path("\(name).tar.gz"), out)
    }

    @Test("the package holds the programs, pages, completions, desktop file, icon, unit and copyright, depends on what they link, and its archive holds the same tree; lintian finds no error, the programs run unpacked with no Swift library, systemd-analyze verify accepts the unit")
    func contents() throws {
        let (deb, archive, out) = try Self.makePackage()
        defer { out.remove() }
        let field = { (name: String) in
            try ProcessRunner.run("dpkg-deb", ["--field", deb.path, name]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try field("Package") == "little-moments")
        #expect(try field("Version") == (try BuiltProduct.run("moments", ["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let depends = try field("Depends")
        #expect(depends.contains("libc6 (>= "), "Depends: \(depends)")
        #expect(depends.contains("libstdc++6"), "Depends: \(depends)")
        #expect(!depends.contains("swift"), "Depends: \(depends)")

        // `dpkg-deb --contents` lists "mode owner/group size date time ./path".
        let listed = try ProcessRunner.run("dpkg-deb", ["--contents", deb.path]).split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.dropFirst(2)) }
        }
        let files = Set(listed.filter { !$0.hasSuffix("/") && !$0.isEmpty })
        for file in Self.expectedFiles { #expect(files.contains(file), "the package has no \(file)") }
        #expect(!files.contains { $0.hasPrefix("usr/share/little-moments") }, "an install manifest was packaged")
        let owners = try ProcessRunner.run("dpkg-deb", ["--contents", deb.path]).split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true)[1]
        }
        #expect(owners.allSatisfy { $0 == "root/root" }, "files not owned by root: \(Set(owners))")

        let archived = try ProcessRunner.run("tar", ["-tzf", archive.path]).split(separator: "\n").map(String.init)
        #expect(Set(archived.filter { !$0.hasSuffix("/") }) == files)

        try Self.checkWithDebiansTools(deb, in: out)
    }

    /// lintian reports no error; the unpacked programs run with no Swift library;
    /// systemd-analyze verify accepts the unit.
    static func checkWithDebiansTools(_ deb: URL, in out: TemporaryFolder) throws {
        // Exit 0 means no error was found (warnings and overridden tags do not count); the
        // listing says which.
        let lint = try InstallScriptTests.run("/usr/bin/env", ["lintian", "--tag-display-limit", "0", deb.path])
        let errors = lint.output.split(separator: "\n").filter { $0.hasPrefix("E: ") }
        #expect(lint.status == 0 && errors.isEmpty, "lintian: \(errors.isEmpty ? lint.errors : errors.joined(separator: "\n"))")

        let root = out.path("root")
        _ = try ProcessRunner.run("dpkg-deb", ["--extract", deb.path, root.path])
        for program in programs {
            let path = root.appendingPathComponent("usr/bin/\(program)").path
            let libraries = try ProcessRunner.run("ldd", [path])
            #expect(!libraries.contains("/opt/swift") && !libraries.contains("libswift"), "\(program) loads: \(libraries)")
            #expect(try InstallScriptTests.run(path, ["--version"]).status == 0)
        }

        // The unit as shipped, its programs at the unpacked tree's place (verify checks that
        // ExecStart= is executable, and `man` finds the page Documentation= names).
        let shipped = try String(contentsOf: root.appendingPathComponent("usr/lib/systemd/user/moments-serve.service"), encoding: .utf8)
        #expect(shipped.contains("ExecStart=/usr/bin/moments serve"))
        #expect(shipped.contains("LimitNOFILE=65536"))
        try out.write(shipped.replacingOccurrences(of: "/usr/bin/", with: root.path + "/usr/bin/"), to: "moments-serve.service")
        let verified = try InstallScriptTests.run(
            "/usr/bin/env", ["systemd-analyze", "verify", out.path("moments-serve.service").path],
            environment: ["MANPATH": root.appendingPathComponent("usr/share/man").path])
        // verify exits 0 on a value it ignores; anything it says is a fault.
        #expect(verified.status == 0 && verified.errors.isEmpty && verified.output.isEmpty, "systemd-analyze verify: \(verified.output)\(verified.errors)")
    }

    @Test("a folder without the programs is refused with what to build, and nothing is written")
    func missingProducts() throws {
        let empty = try TemporaryFolder()
        let out = try TemporaryFolder()
        defer { empty.remove(); out.remove() }
        let refused = try InstallScriptTests.run("/bin/bash", [Self.script, "--products", empty.url.path, "--out", out.url.path])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("moments is missing; build it first"), "\(refused.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path).isEmpty)
    }
}
