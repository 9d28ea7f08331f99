import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `PersistenceCrashWorker` executable running as a child process, with its output read
/// line by line. `swift test` builds it into the same folder as the test bundle.
final class WorkerProcess {
    /// The child's process id.
    let processID: Int32

    private let process: Process
    private let reader: DescriptorReader
    private let pipe: Pipe

    /// Starts the worker with `arguments`.
    init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = try BuiltProduct.url(of: "PersistenceCrashWorker")
        process.arguments = arguments
        pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        processID = process.processIdentifier
        reader = DescriptorReader(pipe.fileHandleForReading.fileDescriptor)
        // Only the child writes; the parent's copy of the write end would keep the pipe open
        // after the child died and hide its end of output.
        pipe.fileHandleForWriting.closeFile()
    }

    /// The next line, or `nil` when the child ended or `timeout` passed first.
    func readLine(timeout: Duration = .seconds(10)) -> String? {
        reader.readLine(timeout: timeout)
    }

    /// Every line still to come, until the child's end of output.
    func remainingLines() -> [String] {
        reader.remainingLines()
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
}
