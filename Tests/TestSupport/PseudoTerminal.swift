import Foundation
import Rendering

#if canImport(Glibc)
    import Glibc
#endif

/// A built product running in a real pseudo-terminal, as a person runs it in a terminal
/// window: the pty is its standard input and output and its controlling terminal (it is
/// spawned as the leader of a new session that opens the pty), so raw mode, the window
/// size, SIGWINCH and job-control signals all behave as they do for real.
///
/// What it writes is read as it comes and replayed on a ``VirtualTerminal``; a test
/// waits for the screen it expects with a deadline. Standard error goes to a file of its
/// own, so messages can be read apart from the screen.
public final class PseudoTerminal {
    /// The child's process id.
    public let processID: pid_t
    /// The controller side of the pty (what a terminal emulator holds).
    public let controller: Int32
    /// The pty's terminal side, kept open here too, so its settings can be read after the
    /// child is gone (`tcgetattr`, as `stty -a` would show them).
    public let terminalSide: Int32
    /// The pty's settings before the child started: what it must leave behind.
    public let initialAttributes: termios
    /// The screen as the child drew it.
    public private(set) var screen: VirtualTerminal
    private let reader: DescriptorReader
    private var fed = 0
    /// Whether what the child writes is drawn on ``screen``; off for a program the screen
    /// model does not know the sequences of (tmux), whose bytes are read instead.
    private let drawsScreen: Bool
    private let errorsURL: URL
    private var exitStatus: Int32?

    /// Spawns the product `name` with `arguments` and `environment` in a pty of `size`;
    /// with `errorsOnTerminal`, its standard error is the pty too, as in a terminal window
    /// (``errors`` is then empty: what it wrote is in ``output``).
    public convenience init(
        product name: String, _ arguments: [String], environment: [String: String],
        size: Size = Size(width: 80, height: 24), errorsOnTerminal: Bool = false
    ) throws {
        try self.init(
            executable: try BuiltProduct.url(of: name), arguments, environment: environment, size: size,
            errorsOnTerminal: errorsOnTerminal)
    }

    /// Spawns `executable` (a product, or a tool such as `strace` that starts one) with
    /// `arguments` and `environment` in a pty of `size`; with `drawsScreen` false, only its
    /// bytes are kept (``waitForOutput(_:timeout:)``), for a program such as tmux whose
    /// sequences the screen model does not take; with `errorsOnTerminal`, its standard
    /// error is the pty too.
    public init(
        executable: URL, _ arguments: [String], environment: [String: String], size: Size = Size(width: 80, height: 24),
        drawsScreen: Bool = true, errorsOnTerminal: Bool = false
    ) throws {
        self.drawsScreen = drawsScreen
        var controller: Int32 = 0
        var terminal: Int32 = 0
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&controller, &terminal, nil, nil, &window) == 0 else { throw SpawnFailure(step: "openpty", code: errno) }
        // ttyname_r, not ttyname: tests run in parallel, and ttyname's one static buffer can
        // hand this test another test's pty, closed by the time it is opened.
        var name = [CChar](repeating: 0, count: 128)
        let named = ttyname_r(terminal, &name, name.count)
        guard named == 0 else { throw SpawnFailure(step: "ttyname_r", code: named) }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var initial = termios()
        tcgetattr(terminal, &initial)
        initialAttributes = initial
        errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("pty-stderr-\(UUID().uuidString)")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the pty without O_NOCTTY makes it the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        if errorsOnTerminal {
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, errorsURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        posix_spawn_file_actions_addclose(&actions, controller)
        posix_spawn_file_actions_addclose(&actions, terminal)
        SpawnedDescriptors.closeAllButStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(controller)
            close(terminal)
            throw SpawnFailure(step: "posix_spawn", code: status)
        }
        processID = pid
        self.controller = controller
        terminalSide = terminal
        reader = DescriptorReader(controller)
        screen = VirtualTerminal(width: size.width, height: size.height)
    }

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift does not import: it is
    /// declared only under `_GNU_SOURCE`.
    private static let spawnSetSID: Int32 = 0x80

    deinit {
        if exitStatus == nil {
            kill(processID, SIGKILL)
            _ = waitForExit(timeout: .seconds(5))
        }
        close(controller)
        close(terminalSide)
        try? FileManager.default.removeItem(at: errorsURL)
    }

    /// Every byte the child wrote so far.
    public var output: [UInt8] { reader.bytes }

    /// What the child wrote on standard error so far.
    public var errors: String {
        (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? ""
    }

    /// Types `text` (keys as the terminal would send them: `" "`, `"f"`, `"\u{1B}[A"`).
    public func type(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Waits until the screen satisfies `condition` or `timeout` passes; answers whether
    /// it did.
    @discardableResult
    public func waitForScreen(
        timeout: Duration = Patience.hang, _ condition: (VirtualTerminal) -> Bool
    ) -> Bool {
        reader.read(timeout: timeout) { _ in
            catchUp()
            return condition(screen)
        }
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    public func waitForText(_ text: String, timeout: Duration = Patience.hang) -> Bool {
        waitForScreen(timeout: timeout) { $0.text.contains(text) }
    }

    /// Waits until the output, from the beginning, contains `text` (escapes included).
    @discardableResult
    public func waitForOutput(_ text: String, timeout: Duration = Patience.hang) -> Bool {
        let needle = Array(text.utf8)
        return reader.read(timeout: timeout) { bytes in
            bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
    }

    /// Resizes the window, as a terminal emulator does: the kernel sends SIGWINCH to the
    /// child's foreground process group.
    public func resize(to size: Size) {
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &window) { ioctl(controller, UInt(TIOCSWINSZ), $0) }
        catchUp()
        screen.resize(width: size.width, height: size.height)
    }

    /// Sends `signal` to the child.
    public func signal(_ signal: Int32) {
        kill(processID, signal)
    }

    /// The pty's settings now.
    public func attributes() -> termios {
        var settings = termios()
        tcgetattr(terminalSide, &settings)
        return settings
    }

    /// Waits for the child to exit (reading what it writes meanwhile, so it never blocks
    /// on a full pty) and answers its wait status, or `nil` if `timeout` passed first.
    public func waitForExit(timeout: Duration = Patience.hang) -> Int32? {
        if let exitStatus { return exitStatus }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            var status: Int32 = 0
            if waitpid(processID, &status, WNOHANG) == processID {
                exitStatus = status
                reader.drain()
                catchUp()
                return status
            }
            // Reading is the wait: it returns as soon as the child writes, or after 20 ms.
            reader.read(timeout: .milliseconds(20)) { _ in false }
        }
        return nil
    }

    /// The bytes of a `termios`, to compare two settings whole, as `stty -a` lists them.
    public static func bytes(of settings: termios) -> [UInt8] {
        withUnsafeBytes(of: settings) { Array($0) }
    }

    /// The exit code of a wait status, or `nil` when the child died of a signal.
    public static func exitCode(_ status: Int32) -> Int32? {
        status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// The signal a wait status says the child died of, or `nil` when it exited.
    public static func terminatingSignal(_ status: Int32) -> Int32? {
        let signal = status & 0x7F
        return signal != 0 && signal != 0x7F ? signal : nil
    }

    private func catchUp() {
        guard drawsScreen else { return }
        let bytes = reader.bytes
        guard fed < bytes.count else { return }
        screen.feed(bytes: bytes[fed...])
        fed = bytes.count
    }

    /// The child could not be started.
    public struct SpawnFailure: Error, CustomStringConvertible {
        /// The call that failed.
        public let step: String
        /// Its error number.
        public let code: Int32
        public var description: String { "\(step) failed: \(String(cString: strerror(code)))" }
    }
}
