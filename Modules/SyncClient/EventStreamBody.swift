import AsyncHTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import SyncProtocol
import Synchronization

/// The body of an event stream (`GET /v1/activities/{id}/events`) read as the snapshots it
/// pushes: parsed by ``SSEParser``, each event's ``PushPayload`` decoded, and ended with
/// an error when the stream breaks or stays silent past the read timeout (the server sends
/// a heartbeat every 15 seconds, so silence means a dead server or network).
enum EventStreamBody {
    /// Snapshots from an event stream's body, ending with an error when it goes silent.
    static func snapshots(
        from body: HTTPClientResponse.Body, readTimeout: Duration, onBreak: @escaping @Sendable () -> Void
    ) -> AsyncThrowingStream<ActivitySnapshot, any Error> {
        AsyncThrowingStream { continuation in
            let lastByte = LastActivity()
            // The stream's producer, not structured: an AsyncThrowingStream's builder is
            // synchronous. It lives as long as the stream (cancelled on its termination).
            let reader = Task {
                var parser = SSEParser()
                do {
                    for try await buffer in body {
                        lastByte.touch()
                        for event in parser.feed(buffer.readableBytesView) {
                            let payload = try JSONDecoder().decode(PushPayload.self, from: Data(event.data.utf8))
                            continuation.yield(payload.snapshot)
                        }
                    }
                    continuation.finish()
                } catch {
                    onBreak()
                    continuation.finish(throwing: SyncError.unreachable(String(describing: error)))
                }
            }
            // It sleeps until the stream would have been silent too long, not on a period:
            // a stream that hears a heartbeat every 15 seconds wakes it about as often, no more.
            let watchdog = Task {
                while !Task.isCancelled {
                    let silence = lastByte.silence()
                    if silence > readTimeout {
                        onBreak()
                        continuation.finish(throwing: SyncError.unreachable("no data for \(readTimeout)"))
                        reader.cancel()
                        return
                    }
                    try? await Task.sleep(for: readTimeout - silence + .milliseconds(10))
                }
            }
            continuation.onTermination = { _ in
                reader.cancel()
                watchdog.cancel()
            }
        }
    }
}

/// When a stream last received bytes: set by the reader as each chunk arrives, read by the
/// watchdog. Behind a lock rather than on an actor, so a chunk costs neither a hop nor a
/// suspension.
private final class LastActivity: Sendable {
    private let last = Mutex(ContinuousClock.now)

    func touch() { last.withLock { $0 = .now } }
    func silence() -> Duration { ContinuousClock.now - last.withLock { $0 } }
}
