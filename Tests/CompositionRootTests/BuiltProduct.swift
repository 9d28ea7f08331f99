import Foundation

/// The executables `swift test` built beside the test bundle, run as real processes.
enum BuiltProduct {
    /// The folder of the build products: the one holding the running test bundle.
    static var directory: URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // On Linux the bundle is `NAME.xctest`, itself an executable in the products folder;
        // elsewhere it may sit deeper inside a bundle folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("moments").path),
            folder.pathComponents.count > 1
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }

    /// What a run of a product printed and how it ended.
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs the product `name` with `arguments` and an environment of the caller's choice.
    static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = directory.appendingPathComponent(name)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        for url in [outURL, errURL] {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outURL, encoding: .utf8),
            errors: try String(contentsOf: errURL, encoding: .utf8))
    }
}
