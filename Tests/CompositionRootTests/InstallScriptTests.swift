import Foundation
import TestSupport
import Testing

/// `Scripts/install` as a person runs it, on the products this test run already built
/// (`--products`), so the suite never builds the package a second time: both programs,
/// their manual pages and completions land in the prefix and work from there, and
/// `--uninstall` leaves the prefix exactly as it was, the folders it did not create included.
@Suite("Scripts/install and --uninstall, into a temporary prefix", .ownThreads)
struct InstallScriptTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("Scripts/install").path
    static let products = ["moments", "moments-showcase"]

    /// The desktop entry and its icon, relative to the prefix.
    static let desktopFiles = ["share/applications/moments.desktop", "share/icons/hicolor/scalable/apps/little-moments.svg"]

    /// The files an install writes for `product`, relative to the prefix.
    static func files(of product: String) -> [String] {
        [
            "bin/\(product)", "share/man/man1/\(product).1", "share/bash-completion/completions/\(product)",
            "share/zsh/site-functions/_\(product)", "share/fish/vendor_completions.d/\(product).fish",
        ]
    }

    @Test("install puts both programs, their pages and completions in PREFIX; uninstall takes exactly them away")
    func installAndUninstall() throws {
        try Self.requireManualTool()
        let prefix = try TemporaryFolder()
        defer { prefix.remove() }
        // What a prefix already holds: another program, another page. Uninstall keeps them
        // and the folders they are in.
        try FileManager.default.createDirectory(at: prefix.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.path("share/man/man1"), withIntermediateDirectories: true)
        try prefix.write("#!/bin/sh\n", to: "bin/other-tool")
        try prefix.write(".Dd\n", to: "share/man/man1/other-tool.1")
        let before = try Self.tree(prefix.url)

        let install = try Self.runScript(["--products", BuiltProduct.directory.path, prefix.url.path])
        #expect(install.status == 0, "\(install.errors)")
        // moments-server, which `moments serve --database-url` becomes, goes beside moments.
        // The desktop's entry (docks show the session's progress on it) and its icon.
        let expected = Self.products.flatMap(Self.files(of:)) + ["bin/moments-server"] + Self.desktopFiles
        for file in expected + ["share/little-moments/install-manifest"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path(file).path), "\(file) is missing")
        }
        let manifest = try String(contentsOf: prefix.path("share/little-moments/install-manifest"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { $0.hasPrefix("file ") }.map { String($0.dropFirst(5)) }
        #expect(Set(listed) == Set(expected))
        #expect(!manifest.contains("dir bin\n") && !manifest.contains("dir share/man/man1\n"))

        // The installed program runs from the prefix and says its version.
        let version = try Self.run(prefix.path("bin/moments").path, ["--version"])
        #expect(version.status == 0)
        #expect(!version.output.isEmpty)
        #expect(version.output == (try BuiltProduct.run("moments", ["--version"])).output)
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path("bin/moments-showcase").path))
        #expect(FileManager.default.isExecutableFile(atPath: prefix.path("bin/moments-server").path))

        for product in Self.products {
            let subcommands = try Self.subcommands(of: product)
            #expect(subcommands.count >= 6)
            // The page renders, and describes every subcommand.
            let page = try Self.run(
                "/usr/bin/env", ["man", "-P", "cat", "-l", prefix.path("share/man/man1/\(product).1").path],
                environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
            #expect(page.status == 0, "man -l \(product).1: \(page.errors)")
            #expect(page.output.contains("\(product.uppercased())(1)"))
            // Each completion script names every subcommand.
            for file in Self.files(of: product).dropFirst() {
                let text = try String(contentsOf: prefix.path(file), encoding: .utf8)
                for subcommand in subcommands {
                    #expect(text.contains(subcommand), "\(file) does not name \(subcommand)")
                }
            }
            for subcommand in subcommands {
                #expect(page.output.contains(subcommand), "\(product)'s page does not name \(subcommand)")
            }
        }

        let uninstall = try Self.runScript(["--uninstall", prefix.url.path])
        #expect(uninstall.status == 0, "\(uninstall.errors)")
        #expect(try Self.tree(prefix.url) == before)
    }

    @Test("an unknown option, a prefix that is not a folder and nothing to uninstall are exit 1 and change nothing")
    func badInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("a file, not a folder\n", to: "file")
        let before = try Self.tree(folder.url)

        let unknown = try Self.runScript(["--no-such-option", folder.path("prefix").path])
        #expect(unknown.status == 1)
        #expect(unknown.errors.contains("unknown option '--no-such-option'"))

        let underFile = try Self.runScript(["--products", BuiltProduct.directory.path, folder.path("file/prefix").path])
        #expect(underFile.status == 1)
        #expect(underFile.errors.contains("is not a folder"))

        let onFile = try Self.runScript(["--products", BuiltProduct.directory.path, folder.path("file").path])
        #expect(onFile.status == 1)
        #expect(onFile.errors.contains("it is not a folder"))

        let noProducts = try Self.runScript(["--products", folder.path("nowhere").path, folder.path("prefix").path])
        #expect(noProducts.status == 1)
        #expect(noProducts.errors.contains("is not a folder"))

        let nothing = try Self.runScript(["--uninstall", folder.url.path])
        #expect(nothing.status == 1)
        #expect(nothing.errors.contains("nothing to uninstall"))

        #expect(try Self.tree(folder.url) == before)
    }

    // MARK: - helpers

    /// The manual tool the script runs must be there already, or the script would build it:
    /// this test builds nothing.
    static func requireManualTool() throws {
        let built = packageRoot.appendingPathComponent(".build/manual-tool/release/generate-manual").path
        let besideProducts = BuiltProduct.directory.appendingPathComponent("generate-manual-tool").path
        try #require(
            FileManager.default.isExecutableFile(atPath: built) || FileManager.default.isExecutableFile(atPath: besideProducts),
            "swift-argument-parser's generate-manual is not built; run Scripts/prepare-tests first")
    }

    /// The subcommands `product` describes in `--experimental-dump-help`, ArgumentParser's `help` aside.
    static func subcommands(of product: String) throws -> [String] {
        let dump = try BuiltProduct.run(product, ["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let command = try #require(tool["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        return subcommands.compactMap { $0["commandName"] as? String }.filter { $0 != "help" }
    }

    /// Every path under `folder`, folders marked with a trailing slash, with each file's bytes.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path)
            _ = FileManager.default.fileExists(atPath: full.path, isDirectory: &isFolder)
            found[isFolder.boolValue ? path + "/" : path] = isFolder.boolValue ? Data() : try Data(contentsOf: full)
        }
        return found
    }

    /// How a command ended and what it printed.
    struct Outcome {
        let status: Int32
        let output: String
        let errors: String
    }

    static func runScript(_ arguments: [String]) throws -> Outcome {
        try run("/bin/bash", [script] + arguments)
    }

    /// Runs `executable` and answers its status and both streams (through files, so neither
    /// can fill a pipe nobody reads).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        try scratch.write("", to: "out")
        try scratch.write("", to: "err")
        let out = try FileHandle(forWritingTo: scratch.path("out"))
        let err = try FileHandle(forWritingTo: scratch.path("err"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            status: process.terminationStatus, output: try String(contentsOf: scratch.path("out"), encoding: .utf8),
            errors: try String(contentsOf: scratch.path("err"), encoding: .utf8))
    }
}
