import Foundation

/// The executables `swift build` put beside the running test bundle (or benchmark), run
/// as real processes.
public enum BuiltProduct {
    /// The folder of the build products: the one holding the running executable, or the
    /// nearest folder above it that holds `moments` (a bundle may nest the binary).
    public static var directory: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("moments").path),
            folder.pathComponents.count > 1
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }

    /// The product called `name`, or an error that says to build it.
    public static func url(of name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw Missing(name: name) }
        return url
    }

    /// A product that was not built beside the tests.
    public struct Missing: Error, CustomStringConvertible {
        /// The product's name.
        public let name: String
        public var description: String { "\(name) was not found beside the test bundle; run `swift build` first." }
    }

    /// What a run of a product printed and how it ended.
    public struct Run: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output.
        public let output: String
        /// Standard error.
        public let errors: String
    }

    /// Runs the product `name` with `arguments`, an environment of the caller's choice and
    /// standard input from `input` (empty by default), and waits for it.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = try url(of: name)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("in")
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        for (url, contents) in [(inURL, input ?? Data()), (outURL, Data()), (errURL, Data())] {
            guard FileManager.default.createFile(atPath: url.path, contents: contents) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let stdin = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try stdin.close()
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outURL, encoding: .utf8),
            errors: try String(contentsOf: errURL, encoding: .utf8))
    }
}
