import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve` as a real child process on a data folder of its own, with the address
/// it printed.
final class ServerProcess {
    let process = Process()
    let baseURL: String
    let port: Int
    private let output = Pipe()

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `moments serve --port PORT --data-dir FOLDER` and waits for its first line.
    init(dataDirectory: URL, port: Int = 0) throws {
        process.executableURL = BuiltProduct.directory.appendingPathComponent("moments")
        process.arguments = ["serve", "--port", String(port), "--data-dir", dataDirectory.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = try Self.firstLine(of: output.fileHandleForReading, within: 20)
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
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit; answers its status.
    func waitForExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    private static func firstLine(of handle: FileHandle, within seconds: Double) throws -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes += chunk
            if let newline = bytes.firstIndex(of: 0x0A) { return String(decoding: bytes[..<newline], as: UTF8.self) }
        }
        throw StartFailure(description: "moments serve printed no address: \(String(decoding: bytes, as: UTF8.self))")
    }
}
