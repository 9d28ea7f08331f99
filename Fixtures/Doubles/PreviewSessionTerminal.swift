import LiveApp
import Rendering
import Synchronization

/// A terminal in memory, for previews and tests of the session runtime
/// (`SessionShow`) in-process: it keeps what is written to it, one entry per
/// write, types what it is told (``type(_:)``) and delivers the signals it is sent
/// (``send(signal:)``). Interactive by default, so the runtime draws its full screen.
public final class PreviewSessionTerminal: SessionTerminal {
    private struct State {
        var entered = false
        var everEntered = false
        var keysOnly = false
        var written: [String] = []
        var bells = 0
        var warnings: [String] = []
        var size: Size?
    }

    private let state: Mutex<State>
    /// Whether it stands for a terminal (full screen) or a pipe (lines).
    public let isInteractive: Bool
    /// The environment output is chosen by.
    public let environment: [String: String]
    /// Every write, in order, as it comes: a test reads frames from here.
    public let writes: AsyncStream<String>
    private let writesContinuation: AsyncStream<String>.Continuation
    private let keysTyped: AsyncStream<[UInt8]>
    private let keysContinuation: AsyncStream<[UInt8]>.Continuation
    private let signalsSent: AsyncStream<Int32>
    private let signalsContinuation: AsyncStream<Int32>.Continuation

    /// A terminal of `size`, interactive (full screen) or a pipe (lines), whose output is
    /// chosen by `environment`.
    public init(
        interactive: Bool = true, size: Size = Size(width: 100, height: 30),
        environment: [String: String] = ["TERM": "xterm-256color"]
    ) {
        state = Mutex(State(size: size))
        isInteractive = interactive
        self.environment = environment
        (writes, writesContinuation) = AsyncStream.makeStream(of: String.self)
        (keysTyped, keysContinuation) = AsyncStream.makeStream(of: [UInt8].self)
        (signalsSent, signalsContinuation) = AsyncStream.makeStream(of: Int32.self)
    }

    /// A terminal of the catalog's timer size: the common case.
    public static var standard: PreviewSessionTerminal { PreviewSessionTerminal() }

    /// Whether the runtime holds the terminal now (between its enter and leave).
    public var isEntered: Bool { state.withLock { $0.entered } }
    /// Whether it was ever taken over.
    public var wasEntered: Bool { state.withLock { $0.everEntered } }
    /// Whether it was last taken over for its keys alone (the accessible mode).
    public var wasKeysOnly: Bool { state.withLock { $0.keysOnly } }
    /// Everything written, one entry per write.
    public var written: [String] { state.withLock { $0.written } }
    /// How many times the bell rang.
    public var bells: Int { state.withLock { $0.bells } }
    /// The warnings said, in order.
    public var warnings: [String] { state.withLock { $0.warnings } }

    /// Types `text`, as a person would: its bytes arrive as one read.
    public func type(_ text: String) {
        keysContinuation.yield(Array(text.utf8))
    }

    /// Sends the process `signal` (SIGTERM, SIGWINCH…), as the system would.
    public func send(signal: Int32) {
        signalsContinuation.yield(signal)
    }

    /// Takes a new size; send SIGWINCH for the runtime to notice.
    public func resize(to size: Size) {
        state.withLock { $0.size = size }
    }

    public var size: Size? { state.withLock { $0.size } }

    public func enter() throws(SessionTerminalError) {
        state.withLock {
            $0.entered = true
            $0.everEntered = true
            $0.keysOnly = false
        }
    }

    public func enterKeysOnly() throws(SessionTerminalError) {
        state.withLock {
            $0.entered = true
            $0.everEntered = true
            $0.keysOnly = true
        }
    }

    public func leave() {
        state.withLock { $0.entered = false }
    }

    public func write(_ text: String) {
        state.withLock { $0.written.append(text) }
        writesContinuation.yield(text)
    }

    public func bell() {
        state.withLock { $0.bells += 1 }
    }

    public func warn(_ line: String) {
        state.withLock { $0.warnings.append(line) }
    }

    public func input() -> AsyncStream<[UInt8]> { keysTyped }

    public func signals() -> AsyncStream<Int32> { signalsSent }
}
