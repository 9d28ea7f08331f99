import NIOCore
import NIOHTTP1
#if canImport(Glibc)
    import Glibc
#endif

/// The events of an event stream, written to its connection's socket directly when NIO
/// holds nothing of the connection's (ADR 0056).
///
/// A push to a thousand streams is a thousand writes on two event loops, and through
/// NIO's channel each took a pass down the pipeline, a place in the channel's queue of
/// pending writes, a flush, and the `write(2)`: about a microsecond of the loop's time on
/// top of the kernel's, a fifth of a fan-out's CPU (Documentation/Benchmarks.md). Written
/// with `send(2)` on the socket, which NIO lends for the call (its channel's
/// `NIOTransportAccessibleChannelCore`), an event costs the system call alone.
///
/// NIO's guarantees stay whole because its queue is then empty: bytes go to the socket
/// directly only when every write this connection's response gave NIO has completed
/// (counted in ``eventsThroughNIO``), and after one of the response's own events did
/// (``directResponse``), which NIO wrote after the response's head. What the socket does not
/// take at once (a reader behind, `EAGAIN`, an error) goes through NIO as before: it waits
/// there for the socket, counts toward the connection's writability, and its error closes
/// the connection the way NIO closes it.
extension ConnectionWarden {
    /// Writes one event of the connection's ``eventStream`` as a part of its response's
    /// body (the response's head went before it): as the chunk the frame holds framed
    /// already, past NIO's HTTP/1 encoder, when the encoder frames this body in chunks (it
    /// does for every event stream: HTTP/1.1, a `GET`, no `Content-Length`), to the socket
    /// directly when it can; else through the encoder, as the event.
    func writeEvent(_ frame: EventFrame) {
        guard bodyIsChunked, let encoder else {
            context?.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(frame.event))), promise: nil)
            return
        }
        var chunk = frame.chunk
        if directResponse == response, eventsThroughNIO == 0, let socket {
            let sent = send(chunk, to: socket)
            guard sent < chunk.readableBytes else { return }
            chunk.moveReaderIndex(forwardBy: sent)
        }
        writeThroughNIO(chunk, on: encoder)
    }

    /// Sends what the socket takes of `chunk` now, without waiting: how many bytes (0 when
    /// it took none, or failed: NIO's write of them then meets the same error).
    private func send(_ chunk: ByteBuffer, to socket: any NIOTransportAccessibleChannelCore<NIOBSDSocket.Handle>) -> Int {
        // The channel lends its socket only while it is open (else it throws).
        let sent = try? socket.withUnsafeTransport { handle in
            chunk.withUnsafeReadableBytes { bytes in
                Glibc.send(handle, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL))
            }
        }
        return max(0, sent ?? 0)
    }

    /// Writes `chunk` through NIO, counted until the write completes; once one has, in the
    /// same response, the events after it may go to the socket directly.
    private func writeThroughNIO(_ chunk: ByteBuffer, on encoder: ChannelHandlerContext) {
        eventsThroughNIO += 1
        let response = self.response
        let written = encoder.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] result in
            eventsThroughNIO -= 1
            if case .success = result { directResponse = response }
        }
        encoder.writeAndFlush(NIOAny(IOData.byteBuffer(chunk)), promise: written)
    }
}
