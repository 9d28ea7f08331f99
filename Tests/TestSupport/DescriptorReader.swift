import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a child process writes on a pipe or a pseudo-terminal, read as it comes with a
/// deadline: a test waits for the output it expects, never for a fixed time.
public final class DescriptorReader {
    /// The descriptor read from.
    public let descriptor: Int32
    /// Every byte read so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the writer's end closed (or the pseudo-terminal hung up).
    public private(set) var ended = false
    private var lineStart = 0

    /// A reader of `descriptor`.
    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads until `done` holds for the bytes read so far, the output ends or `timeout`
    /// passes; answers whether `done` held.
    @discardableResult
    public func read(timeout: Duration, until done: ([UInt8]) -> Bool) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if done(bytes) { return true }
            if ended { return false }
            guard waitUntilReadable(descriptor, before: deadline) else { return false }
            fill()
        }
    }

    /// Reads whatever is waiting now, without blocking.
    public func drain() {
        read(timeout: .zero) { _ in false }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !ended, poll(&poller, 1, 0) > 0 { fill() }
    }

    /// The next line not yet taken, or `nil` when the output ended or `timeout` passed first.
    public func readLine(timeout: Duration = Patience.hang) -> String? {
        let found = read(timeout: timeout) { bytes in bytes[lineStart...].contains(0x0A) }
        guard found, let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: bytes[lineStart..<newline], as: UTF8.self)
        lineStart = newline + 1
        return line
    }

    /// Every line still to come, until the end of output.
    public func remainingLines(timeout: Duration = .seconds(30)) -> [String] {
        var lines: [String] = []
        while let line = readLine(timeout: timeout) { lines.append(line) }
        return lines
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: chunk[0..<count])
        } else if count == 0 || errno != EINTR {
            // End of file on a pipe; EIO on a pseudo-terminal whose other side is gone.
            ended = true
        }
    }
}
