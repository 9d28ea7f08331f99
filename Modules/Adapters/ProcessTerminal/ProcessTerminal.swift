#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp
import Rendering
import TerminalIO

/// The process's own terminal, as the session runtime sees it (``LiveApp/SessionTerminal``):
/// standard input and output through TerminalIO (raw mode, the alternate screen, restore
/// on every exit), the bytes typed on standard input, and the signals the process routes
/// to its screens (``TerminalIO/SignalEvents``).
public final class ProcessTerminal: SessionTerminal {
    private let terminal = Terminal()
    /// The process's environment, which chooses the output's form.
    public let environment: [String: String]

    /// The terminal on standard input and output, its output chosen by `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public var isInteractive: Bool { terminal.isInteractive }

    public var size: Size? { terminal.size.map { Size(width: $0.columns, height: $0.rows) } }

    public func enter() throws(SessionTerminalError) {
        do {
            try terminal.enter()
        } catch {
            throw SessionTerminalError(error.description)
        }
    }

    public func enterKeysOnly() throws(SessionTerminalError) {
        do {
            try terminal.enter(.keysOnly)
        } catch {
            throw SessionTerminalError(error.description)
        }
    }

    public func leave() { terminal.leave() }

    public func write(_ text: String) { terminal.write(text) }

    public func bell() { terminal.bell() }

    public func warn(_ line: String) { Console.standardStreams.warn(line) }

    public func input() -> AsyncStream<[UInt8]> { KeyReader.bytes(from: terminal.input) }

    public func signals() -> AsyncStream<Int32> { SignalEvents.stream() }
}
