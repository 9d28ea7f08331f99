import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Standard error while a full screen is drawn on the same terminal. A warning written
/// there then (a hook that failed, a file the server had to repair) would land in the
/// middle of a frame and be drawn over by the next one, seen by nobody. So from
/// ``Terminal/enter(_:)`` it is held, and ``Terminal/leave()`` writes it, in order, once the
/// terminal is given back. When standard error is not the terminal drawn on (`2>file`, a
/// pipe), nothing is held.
///
/// At most ``limit`` writes are held; past that the rest are counted and a line says how
/// many were left out, so a problem that repeats all session long cannot grow the process.
public enum HeldStandardError {
    /// How many writes are held at most while a screen is drawn.
    public static let limit = 64

    private struct State {
        var holding = false
        var held: [String] = []
        var dropped = 0
    }

    private static let state = Mutex(State())

    /// Writes `text` to standard error, or holds it while a full screen is drawn there.
    public static func write(_ text: String) {
        let written = state.withLock { state -> Bool in
            guard state.holding else { return true }
            if state.held.count < limit { state.held.append(text) } else { state.dropped += 1 }
            return false
        }
        if written { DescriptorOutput.write(text, to: DescriptorOutput.standardError) }
    }

    /// Starts holding, when standard error is the terminal `output` draws on.
    static func hold(whileDrawingOn output: Int32) {
        guard sameTerminal(DescriptorOutput.standardError, output) else { return }
        state.withLock { $0.holding = true }
    }

    /// Stops holding and writes what was held.
    static func release() {
        let (held, dropped) = state.withLock { state in
            defer { state = State() }
            return (state.held, state.dropped)
        }
        for text in held { DescriptorOutput.write(text, to: DescriptorOutput.standardError) }
        if dropped > 0 {
            DescriptorOutput.write(
                "moments: \(dropped) more message\(dropped == 1 ? "" : "s") to standard error were left out while the screen was drawn\n",
                to: DescriptorOutput.standardError)
        }
    }

    /// Whether both descriptors are terminals and the same one.
    private static func sameTerminal(_ first: Int32, _ second: Int32) -> Bool {
        guard isatty(first) == 1, isatty(second) == 1 else { return false }
        var one = stat(), two = stat()
        guard fstat(first, &one) == 0, fstat(second, &two) == 0 else { return false }
        return one.st_rdev == two.st_rdev
    }
}
