import Dispatch
import Foundation

/// `moments-showcase` as a person runs it: the executable `swift test` built beside this
/// test bundle, started as a real process.
enum ShowcaseProcess {
    /// What a run printed and how it ended.
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The built executable, found in the products folder that holds this test bundle.
    static var executable: URL {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("moments-showcase").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("moments-showcase")
    }

    /// Runs it with `arguments`; `environment` replaces the process environment when given.
    /// Output is read through pipes while it runs, so a long listing never blocks it.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reading = DispatchGroup()
        nonisolated(unsafe) var outputData = Data()
        DispatchQueue.global().async(group: reading) {
            outputData = output.fileHandleForReading.readDataToEndOfFile()
        }
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }
}
