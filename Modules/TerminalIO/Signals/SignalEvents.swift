import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Signals as events a command handles in order, instead of handlers that interrupt it:
/// SIGWINCH to redraw at the new size, SIGTERM, SIGHUP and SIGINT to leave cleanly
/// (restore the terminal, stop the server, remove the runtime file) and exit.
///
/// ``start()`` blocks the four signals as the first thing `main` does, before any other
/// thread exists (threads inherit the mask), and reads them for the rest of the process.
/// A blocked signal is never lost: one that arrives before anything watches it waits,
/// pending, until it is read. Each is handed to the streams that watch it
/// (``stream(_:)``); a stop signal nobody watches does what ``whenUnwatched(_:)`` says:
/// until the program has started its work, the default death by the signal (nothing was
/// changed yet), after that an exit with the status the program chose.
public enum SignalEvents {
    /// The signals `moments` handles: a resize and the three ways to be told to stop.
    public static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    /// What a stop signal that no stream watches does.
    public enum Unwatched: Hashable, Sendable {
        /// The process dies of the signal, as it would by default (the terminal given back
        /// first, if it was taken).
        case die
        /// The process exits with this status (the terminal given back by the exit hook).
        case exit(Int32)
    }

    /// Blocks the handled signals in this thread and every thread it starts, and reads
    /// them from now on. Call it first in `main`, before any thread is started; calling it
    /// again does nothing.
    public static func start() {
        SignalRouter.shared.start()
    }

    /// What a stop signal that no stream watches does from now on.
    public static func whenUnwatched(_ action: Unwatched) {
        SignalRouter.shared.setUnwatched(action)
    }

    /// Every arrival of one of `signals`, from now until the stream is dropped. Starts the
    /// reading if ``start()`` was not called (then a signal may still reach a thread
    /// started before, with its default action).
    public static func stream(_ signals: [Int32] = handled) -> AsyncStream<Int32> {
        SignalRouter.shared.start()
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let key = SignalRouter.shared.watch(Set(signals), continuation)
        continuation.onTermination = { _ in SignalRouter.shared.unwatch(key) }
        return stream
    }
}

/// The one reader of the handled signals: dispatch signal sources armed once, for the
/// life of the process, on signals that are blocked, so the kernel keeps each pending
/// until it is read.
final class SignalRouter: Sendable {
    static let shared = SignalRouter()

    private struct Watcher {
        let signals: Set<Int32>
        let continuation: AsyncStream<Int32>.Continuation
    }

    private struct State {
        var started = false
        var watchers: [UUID: Watcher] = [:]
        var unwatched = SignalEvents.Unwatched.die
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "little-moments.signals")
    // Sources are thread-safe objects, kept alive here for the life of the process.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    func start() {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started
        }
        guard first else { return }
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signal in SignalEvents.handled { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        sources = SignalEvents.handled.map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [unowned self] in self.route(signal) }
            source.resume()
            return source
        }
    }

    func setUnwatched(_ action: SignalEvents.Unwatched) {
        state.withLock { $0.unwatched = action }
    }

    func watch(_ signals: Set<Int32>, _ continuation: AsyncStream<Int32>.Continuation) -> UUID {
        let key = UUID()
        state.withLock { $0.watchers[key] = Watcher(signals: signals, continuation: continuation) }
        return key
    }

    func unwatch(_ key: UUID) {
        state.withLock { _ = $0.watchers.removeValue(forKey: key) }
    }

    /// Hands `signal` to its watchers, or does the unwatched action.
    ///
    /// A death is decided and done with the state locked: ``setUnwatched(_:)`` (the
    /// program saying it starts its work) waits for it, so a program never begins to write
    /// while this thread is on its way to raising the signal (the race that left a
    /// `settings.json.lock` behind a process that died of SIGTERM).
    private func route(_ signal: Int32) {
        enum Step { case give([Watcher]), exit(Int32), nothing }
        let step = state.withLock { state -> Step in
            let watchers = state.watchers.values.filter { $0.signals.contains(signal) }
            if !watchers.isEmpty { return .give(watchers) }
            guard signal != SIGWINCH else { return .nothing }
            switch state.unwatched {
            case .exit(let status):
                return .exit(status)
            case .die:
                Self.die(of: signal)
                return .nothing
            }
        }
        switch step {
        case .give(let watchers):
            for watcher in watchers { watcher.continuation.yield(signal) }
        case .exit(let status):
            exit(status)
        case .nothing:
            break
        }
    }

    /// Gives the terminal back and dies of `signal`, as its default action would.
    private static func die(of signal: Int32) {
        TerminalRestorer.restore()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)
    }
}
