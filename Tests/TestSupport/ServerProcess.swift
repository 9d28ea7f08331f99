import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve` as a real child process on a data folder of its own, with the address
/// it printed.
public final class ServerProcess {
    /// The child process.
    public let process = Process()
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// The port it listens on.
    public let port: Int
    private let output = Pipe()
    private let reader: DescriptorReader
    /// Where the child's standard error goes, so a test can read everything it said.
    private let errorLog: URL

    /// The server did not start as expected.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `moments serve --port PORT --data-dir FOLDER` with any further `arguments`
    /// and waits for its first line. With `descriptors`, it starts under those limits of
    /// open files (as systemd's `LimitNOFILE=SOFT:HARD` would), by way of bash's `ulimit`;
    /// `hard` `nil` keeps the test's own hard limit.
    public init(dataDirectory: URL, port: Int = 0, arguments: [String] = [], descriptors: (soft: Int, hard: Int?)? = nil) throws {
        let moments = try BuiltProduct.url(of: "moments")
        let serve = ["serve", "--port", String(port), "--data-dir", dataDirectory.path] + arguments
        if let descriptors {
            let hard = descriptors.hard.map { "ulimit -n \($0) && " } ?? ""
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "\(hard)ulimit -S -n \(descriptors.soft) && exec \"$0\" \"$@\"", moments.path] + serve
        } else {
            process.executableURL = moments
            process.arguments = serve
        }
        process.standardOutput = output
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("serve-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        output.fileHandleForWriting.closeFile()
        reader = DescriptorReader(output.fileHandleForReading.fileDescriptor)
        let line = reader.readLine(timeout: .seconds(20)) ?? String(decoding: reader.bytes, as: UTF8.self)
        // "moments serve: listening on http://127.0.0.1:PORT (state in …)"
        guard let range = line.range(of: "http://"),
            let url = line[range.lowerBound...].split(separator: " ").first,
            let port = url.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            process.waitUntilExit()
            let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw StartFailure(description: "moments serve printed: \(line)\(errors.isEmpty ? "" : "; on standard error: \(errors)")")
        }
        baseURL = String(url)
        self.port = port
        firstLine = line
    }

    /// What the process has written on standard error so far, while it runs.
    public func errorsSoFar() -> String {
        (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    }

    /// Everything the process wrote on standard output and standard error, once it exited.
    public func everythingItSaid() -> String {
        reader.drain()
        let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errorLog)
        return String(decoding: reader.bytes, as: UTF8.self) + errors
    }

    /// The first line it printed: where it listens, and how many connections it takes.
    public private(set) var firstLine = ""

    /// Runs `body` with a `moments serve` on a scratch folder of its own, then stops it with
    /// SIGTERM and removes the folder.
    public static func onScratchFolder<Result>(
        arguments: [String] = [], _ body: (ServerProcess) async throws -> Result
    ) async throws -> Result {
        try await onScratchFolder(arguments: arguments, prepare: { _ in }) { server, _ in try await body(server) }
    }

    /// ``onScratchFolder(arguments:_:)`` with `prepare` run on the folder before the server
    /// starts (a key added, say), its answer given to `body` beside the server.
    public static func onScratchFolder<Prepared, Result>(
        arguments: [String] = [], prepare: (URL) throws -> Prepared, _ body: (ServerProcess, Prepared) async throws -> Result
    ) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let prepared = try prepare(folder)
        let server = try ServerProcess(dataDirectory: folder, arguments: arguments)
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        return try await body(server, prepared)
    }

    /// Its resident memory in MB, from `/proc/PID/status`; 0 once it has exited.
    public var residentMegabytes: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1_024
    }

    /// Sends a signal.
    public func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit; answers its status.
    public func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}
