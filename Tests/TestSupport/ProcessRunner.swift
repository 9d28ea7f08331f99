import Foundation

/// Runs a real command and answers what it printed on standard output; a non-zero exit is
/// an error that carries both streams.
public enum ProcessRunner {
    /// A command that exited with a non-zero status.
    public struct Failure: Error, CustomStringConvertible {
        /// The command line.
        public let command: String
        /// Its exit status.
        public let status: Int32
        /// What it printed on standard output.
        public let output: String
        /// What it printed on standard error.
        public let errors: String
        public var description: String { "\(command) exited \(status):\n\(output)\n\(errors)" }
    }

    /// Runs `command` (found on the `PATH`) with `arguments`, in `directory` if given, with
    /// `environment` added to this process's.
    public static func run(
        _ command: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        // Standard error goes to a file, so a chatty command cannot fill a pipe that
        // nobody reads while standard output is drained.
        let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorsURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorsURL.path])
        }
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        let errors = try FileHandle(forWritingTo: errorsURL)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read to the end by hand: Foundation's readDataToEndOfFile traps on a read a signal
        // interrupts (EINTR), which the suite's signal tests can cause.
        let reader = DescriptorReader(output.fileHandleForReading.fileDescriptor)
        reader.read(timeout: .seconds(3_600)) { _ in false }
        let data = Data(reader.bytes)
        process.waitUntilExit()
        try errors.close()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(
                command: ([command] + arguments).joined(separator: " "), status: process.terminationStatus,
                output: text, errors: (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "")
        }
        return text
    }
}
