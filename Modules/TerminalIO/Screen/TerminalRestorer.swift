#if canImport(Glibc)
    import Glibc
#endif

/// The last line of defence for the terminal: whatever way the process ends, a terminal
/// left in raw mode on the alternate screen with the cursor hidden is put back.
///
/// ``Terminal/leave()`` restores it on every orderly path. This covers the others: an
/// `atexit` hook for an `exit()` from anywhere, and handlers for the signals that kill
/// (a crash: SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT; and SIGTERM,
/// SIGHUP, SIGINT until the app installs its own orderly handling with
/// ``SignalEvents``). A handler restores, puts back the handler that was there before
/// (the Swift runtime's backtracer, or the default action) and raises the signal again,
/// so the process still dies of it, with its backtrace, exit status and core dump.
///
/// A signal handler may only do async-signal-safe work, so everything it needs is
/// prepared when the terminal is armed: the saved `termios`, the descriptors and the
/// bytes to write. It calls only `tcsetattr`, `write`, `sigaction` and `raise`.
public enum TerminalRestorer {
    /// The signals that end the process with a crash.
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT]
    /// The signals a person or a system sends to stop a program.
    public static let stopSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// What a terminal is given back: the style reset, the cursor shown, the main screen.
    public static let restoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var input: Int32 = -1
    nonisolated(unsafe) private static var output: Int32 = -1
    nonisolated(unsafe) private static var armed = false
    /// Whether the output was drawn on (the full screen): the restore then writes
    /// ``restoreSequence``; a terminal that only read keys gets its settings back alone.
    nonisolated(unsafe) private static var drawn = true
    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var restoreBytes: [UInt8] = Array(restoreSequence.utf8)
    nonisolated(unsafe) private static var previous = Array(repeating: sigaction(), count: 65)

    /// Remembers what to restore, and installs the hooks the first time. Called by
    /// ``Terminal/enter(_:)`` before it changes anything.
    static func arm(input: Int32, output: Int32, saved: termios, drawn: Bool = true) {
        Self.saved = saved
        Self.drawn = drawn
        Self.input = input
        Self.output = output
        // Touch the lazily initialised globals here, so a handler never runs an initialiser.
        _ = restoreBytes.count
        _ = previous.count
        if !installed {
            installed = true
            for signal in crashSignals + stopSignals { install(signal) }
            atexit { TerminalRestorer.restore() }
        }
        armed = true
    }

    /// Forgets the terminal: it has been restored in order.
    static func disarm() {
        armed = false
    }

    /// Puts the terminal back if it is still changed; does nothing otherwise. Safe in a
    /// signal handler.
    public static func restore() {
        guard armed else { return }
        armed = false
        _ = tcsetattr(input, TCSANOW, &saved)
        guard drawn else { return }
        restoreBytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
    }

    /// Installs the restoring handler for `signal`, keeping the one it replaces.
    private static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            TerminalRestorer.restore()
            TerminalRestorer.reraise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var old = sigaction()
        guard sigaction(signal, &action, &old) == 0 else { return }
        previous[Int(signal)] = old
    }

    /// Puts back the handler that was there before and raises `signal` again, so the
    /// process ends the way it would have without us.
    private static func reraise(_ signal: Int32) {
        var old = previous[Int(signal)]
        _ = sigaction(signal, &old, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, signal)
        _ = sigprocmask(SIG_UNBLOCK, &unblocked, nil)
        raise(signal)
    }
}
