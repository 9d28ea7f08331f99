import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `PersistenceCrashWorker` executable running as a child process, with its output read
/// line by line. `swift test` builds it into the same folder as the test bundle.
final class WorkerProcess {
    /// The child's process id.
    let processID: Int32

    private let process: Process
    private let pipe: Pipe
    private let output: Int32
    private var buffer = Data()
    private var ended = false

    /// Starts the worker with `arguments`.
    init(_ arguments: [String]) throws {
        let executable = try Self.locate()
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processID = process.processIdentifier
        output = pipe.fileHandleForReading.fileDescriptor
        // Only the child writes; the parent's copy of the write end would keep the pipe open
        // after the child died and hide its end of output.
        pipe.fileHandleForWriting.closeFile()
    }

    /// The next line, or `nil` when the child ended or `timeout` passed first.
    func readLine(timeout: Duration = .seconds(10)) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            if ended { return nil }
            let left = deadline - clock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1_000 + 1, 60_000))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            fill()
        }
    }

    /// Every line still to come, until the child's end of output.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = readLine(timeout: .seconds(30)) { lines.append(line) }
        return lines
    }

    /// Kills the child with SIGKILL (no chance to clean up, like a crash or power cut) and
    /// waits for it to be gone, so its locks are released.
    func kill() {
        Glibc.kill(processID, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the child to exit by itself and answers its status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill() }
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count > 0 { buffer.append(contentsOf: chunk[0..<count]) } else if count == 0 { ended = true }
    }

    /// The worker beside the running test bundle (found through `/proc/self/exe`, or the
    /// first argument when that is unavailable).
    private static func locate() throws -> URL {
        let candidates = [
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:)),
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        ]
        for case let binary? in candidates {
            var folder = binary.deletingLastPathComponent()
            // A bundle on some platforms nests the binary a few folders deep.
            for _ in 0..<4 {
                let worker = folder.appendingPathComponent("PersistenceCrashWorker")
                if FileManager.default.isExecutableFile(atPath: worker.path) { return worker }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw WorkerMissing()
    }
}

/// The worker executable was not built beside the tests.
struct WorkerMissing: Error, CustomStringConvertible {
    var description: String {
        "PersistenceCrashWorker was not found beside the test bundle; run `swift build` first."
    }
}
