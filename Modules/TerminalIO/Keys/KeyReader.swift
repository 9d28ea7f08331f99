import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// The keys typed on a terminal in raw mode, as an async sequence: a dispatch source
/// wakes when bytes are waiting, they are read and decoded by ``KeyDecoder``. The stream
/// ends when the input does (the terminal hung up).
public enum KeyReader {
    /// The keys arriving on `descriptor`.
    public static func keys(from descriptor: Int32) -> AsyncStream<Key> {
        let (stream, continuation) = AsyncStream.makeStream(of: Key.self)
        let decoder = KeyDecoder()
        // The stream's producer: it lives as long as the stream (cancelled on its termination).
        let reading = Task {
            for await chunk in bytes(from: descriptor) {
                for key in decoder.decode(chunk) { continuation.yield(key) }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in reading.cancel() }
        return stream
    }

    /// The bytes arriving on `descriptor`, each read as it comes; for a reader that
    /// decodes them itself.
    public static func bytes(from descriptor: Int32) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue(label: "little-moments.keys"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 1_024)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                continuation.yield(Array(buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                continuation.finish()
                source.cancel()
            }
        }
        let holder = DispatchSources([source])
        continuation.onTermination = { _ in holder.cancel() }
        source.resume()
        return stream
    }
}
