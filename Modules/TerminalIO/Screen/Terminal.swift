import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal a full-screen command draws on: raw mode on its input, the alternate
/// screen and a hidden cursor on its output, its size, and writes that never stop half way.
///
/// ``enter(_:)`` saves the terminal's settings before changing anything and arms
/// ``TerminalRestorer``, so the terminal is given back on normal exit, on Ctrl-C, on
/// SIGTERM and SIGHUP, and after a crash. ``leave()`` restores it in order and may be
/// called any number of times. Between the two, what is written to standard error on the
/// same terminal is held and written after the restore (``HeldStandardError``).
public final class Terminal: Sendable {
    /// Where keys come from.
    public let input: Int32
    /// Where frames go.
    public let output: Int32

    /// How a command takes the terminal over.
    public enum Mode: Sendable {
        /// Raw input, the alternate screen, the cursor hidden: a full screen drawn.
        case fullScreen
        /// Keys read as they are pressed (no echo, Ctrl-C as a key), and nothing written:
        /// lines go on as printed, the cursor where the last one left it, for a screen
        /// reader (the accessible mode).
        case keysOnly
    }

    private let saved = Mutex<(settings: termios, mode: Mode)?>(nil)

    /// The terminal on `input` and `output` (standard input and output by default).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Whether both ends are terminals, so a full screen can be drawn and keys read.
    public var isInteractive: Bool {
        Self.isTerminal(input) && Self.isTerminal(output)
    }

    /// The size in cells, as the kernel knows it (`TIOCGWINSZ`), or `nil` when the output
    /// is not a terminal or reports no size.
    public var size: TerminalSize? {
        var window = winsize()
        let status = withUnsafeMutablePointer(to: &window) { ioctl(output, UInt(TIOCGWINSZ), $0) }
        guard status == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// Raw mode (each key as it is pressed, no echo, Ctrl-C as a key), the alternate
    /// screen, the cursor hidden and the screen cleared; with ``Mode/keysOnly``, the keys
    /// alone: the output keeps its line endings and nothing is written.
    public func enter(_ mode: Mode = .fullScreen) throws(TerminalError) {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { throw .notATerminal(errno: errno) }
        TerminalRestorer.arm(input: input, output: output, saved: original, drawn: mode == .fullScreen)
        saved.withLock { $0 = (original, mode) }
        var raw = original
        switch mode {
        case .fullScreen:
            cfmakeraw(&raw)
        case .keysOnly:
            // cfmakeraw's input side only: the output still turns a newline into a new line.
            raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
            raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
            withUnsafeMutableBytes(of: &raw.c_cc) { cc in
                cc[Int(VMIN)] = 1
                cc[Int(VTIME)] = 0
            }
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else {
            let code = errno
            leave()
            throw .notATerminal(errno: code)
        }
        guard mode == .fullScreen else { return }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        HeldStandardError.hold(whileDrawingOn: output)
    }

    /// Gives the terminal back as it was: style reset, cursor shown, main screen, the
    /// saved settings. Does nothing when it was not entered or was already left.
    public func leave() {
        guard let (settings, mode) = saved.withLock({ value in
            let held = value
            value = nil
            return held
        }) else { return }
        var original = settings
        TerminalRestorer.disarm()
        guard mode == .fullScreen else {
            _ = tcsetattr(input, TCSANOW, &original)
            return
        }
        write(TerminalRestorer.restoreSequence)
        _ = tcsetattr(input, TCSANOW, &original)
        HeldStandardError.release()
    }

    /// Writes all of `text`, retrying short writes and interruptions.
    public func write(_ text: String) {
        DescriptorOutput.write(text, to: output)
    }

    /// Rings the terminal's bell.
    public func bell() {
        write("\u{07}")
    }
}

/// Why the terminal could not be taken over.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input is not a terminal (or refused its settings).
    case notATerminal(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal(let code):
            return "standard input is not a terminal (\(String(cString: strerror(code)))); run with --no-tty for line output."
        }
    }
}
