import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// Where a live session is shown: a full screen on a terminal, redrawn through the diff
/// renderer only where something visible changed; or plain lines for a pipe, a log or
/// `--no-tty`, one per change of state and one per minute, with no escape at all.
enum LiveOutput {
    /// The full screen.
    case screen(FullScreen)
    /// One line per change.
    case lines(LineReport)
}

/// The full-screen side of ``LiveOutput``: the terminal, its size, its colour depth and
/// the frame it shows now.
final class FullScreen {
    let terminal: any SessionTerminal
    let depth: ColorDepth
    private(set) var size: Size
    private let timeZone: LocalTimeZone
    private var shown: Frame?
    private let renderer: DiffRenderer

    init(terminal: any SessionTerminal, format: OutputFormat, timeZone: LocalTimeZone) {
        self.terminal = terminal
        self.timeZone = timeZone
        depth = format.colorDepth
        renderer = DiffRenderer(depth: format.colorDepth)
        size = terminal.size ?? Size(width: 80, height: 24)
    }

    /// Takes the terminal's new size (after SIGWINCH); the next frame is drawn whole.
    func resized() {
        size = terminal.size ?? size
    }

    /// Draws `view` at `now`, writing only the cells that changed since the last frame.
    func draw(_ view: some View, at now: Date) {
        let environment = ViewEnvironment(now: now, colorDepth: depth, timeZone: timeZone)
        let frame = Frame(rendering: view, width: size.width, height: size.height, environment: environment)
        let bytes = renderer.update(from: shown, to: frame)
        shown = frame
        if !bytes.isEmpty { terminal.write(bytes) }
    }
}

extension LiveOutput {
    /// Sounds a bell on the terminal, its BEL once a strike, on the full screen only: a
    /// pipe's reader is not rung.
    var terminalBell: @Sendable (BellAlert) -> Void {
        guard case .screen(let screen) = self else { return { _ in } }
        let terminal = screen.terminal
        return { alert in
            for _ in 0..<alert.strikes { terminal.bell() }
        }
    }
}
