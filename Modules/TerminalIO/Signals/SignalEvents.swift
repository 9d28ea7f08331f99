import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Signals as events a command handles in order, instead of handlers that interrupt it:
/// SIGWINCH to redraw at the new size, SIGTERM, SIGHUP and SIGINT to leave cleanly
/// (restore the terminal, stop the server, remove the runtime file) and exit.
///
/// Each signal is set to be ignored by default and watched with a dispatch source, so it
/// can no longer kill the process before the command has cleaned up. When the stream ends,
/// the actions that were there before come back, so a later SIGTERM or Ctrl-C (during
/// shutdown, say) stops the process as it would have.
public enum SignalEvents {
    /// The signals `moments` handles: a resize and the three ways to be told to stop.
    public static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    /// Every arrival of one of `signals`, from now until the stream is dropped.
    public static func stream(_ signals: [Int32] = handled) -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "little-moments.signals")
        var previous: [(Int32, sigaction)] = []
        let sources = signals.map { number -> any DispatchSourceSignal in
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            var old = sigaction()
            if sigaction(number, &ignore, &old) == 0 { previous.append((number, old)) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        let holder = DispatchSources(sources)
        let restored = previous
        continuation.onTermination = { _ in
            holder.cancel()
            for (number, action) in restored {
                var action = action
                _ = sigaction(number, &action, nil)
            }
        }
        return stream
    }
}
