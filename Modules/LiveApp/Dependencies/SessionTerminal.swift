import Rendering

/// Where a session is shown and how a person reaches it: the process's terminal (or the
/// pipe its output goes to), the keys typed on it and the signals the process receives.
/// The session runtime (``SessionShow``) reaches nothing of the terminal but through this.
///
/// The live implementation is the process's own terminal (the `ProcessTerminal` adapter,
/// built on TerminalIO); `PreviewSessionTerminal` in Fixtures is a screen in memory that
/// types what a test says, so the runtime's behaviour is tested in-process.
public protocol SessionTerminal: Sendable {
    /// Whether a full screen can be shown: both input and output are terminals.
    var isInteractive: Bool { get }
    /// The environment the output's form is chosen by (`TERM`, `NO_COLOR`, `COLORTERM`).
    var environment: [String: String] { get }
    /// The size in cells, when the terminal reports one.
    var size: Size? { get }
    /// Takes the terminal over for a full screen (raw keys, the alternate screen); throws
    /// with the reason, in words, when it cannot.
    func enter() throws(SessionTerminalError)
    /// Takes the terminal's keys over (raw keys, no echo) and nothing else: the accessible
    /// mode's lines go on as printed, never cleared or redrawn.
    func enterKeysOnly() throws(SessionTerminalError)
    /// Gives the terminal back as it was; does nothing when it was not taken over.
    func leave()
    /// Writes `text` whole: a frame's escape sequences, or lines.
    func write(_ text: String)
    /// Rings the terminal's bell.
    func bell()
    /// Says a warning where errors go (standard error), not on the screen.
    func warn(_ line: String)
    /// The bytes typed, as they arrive; ends when the input does.
    func input() -> AsyncStream<[UInt8]>
    /// The signals a session reacts to (the stop signals, and resize), as they arrive.
    func signals() -> AsyncStream<Int32>
}

/// Why a terminal could not be taken over.
public struct SessionTerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
