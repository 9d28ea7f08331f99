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

    /// The server did not start as expected.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `moments serve --port PORT --data-dir FOLDER` and waits for its first line.
    public init(dataDirectory: URL, port: Int = 0) throws {
        process.executableURL = try BuiltProduct.url(of: "moments")
        process.arguments = ["serve", "--port", String(port), "--data-dir", dataDirectory.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        output.fileHandleForWriting.closeFile()
        let reader = DescriptorReader(output.fileHandleForReading.fileDescriptor)
        let line = reader.readLine(timeout: .seconds(20)) ?? String(decoding: reader.bytes, as: UTF8.self)
        // "moments serve: listening on http://127.0.0.1:PORT (state in …)"
        guard let range = line.range(of: "http://"),
            let url = line[range.lowerBound...].split(separator: " ").first,
            let port = url.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw StartFailure(description: "moments serve printed: \(line)")
        }
        baseURL = String(url)
        self.port = port
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
