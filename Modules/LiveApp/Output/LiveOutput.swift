import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import TerminalIO

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
    let terminal: Terminal
    let depth: ColorDepth
    private(set) var size: Size
    private let timeZone: LocalTimeZone
    private var shown: Frame?
    private let renderer: DiffRenderer

    init(terminal: Terminal, format: OutputFormat, timeZone: LocalTimeZone = SystemTimeZone.current()) {
        self.terminal = terminal
        self.timeZone = timeZone
        depth = format.colorDepth
        renderer = DiffRenderer(depth: format.colorDepth)
        size = terminal.size.map { Size($0) } ?? Size(width: 80, height: 24)
    }

    /// Takes the terminal's new size (after SIGWINCH); the next frame is drawn whole.
    func resized() {
        size = terminal.size.map { Size($0) } ?? size
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

/// The line side of ``LiveOutput``: prints a line when what it would say changes, and
/// once a minute while the time runs.
final class LineReport {
    private var lastState: String?
    private var lastMinute: Int?
    private let timeZone: LocalTimeZone

    /// Stamps lines with the time of day in `timeZone`.
    init(timeZone: LocalTimeZone = SystemTimeZone.current()) {
        self.timeZone = timeZone
    }

    /// Prints a line for `display` at `now` if its state changed or a new minute was sat.
    func report(_ display: SessionDisplay, at now: Date) {
        let state = "\(display.phase.label) · \(display.caption)"
        let minute = Int(display.content.elapsed(at: now) / 60)
        guard state != lastState || (display.phase == .running && minute != lastMinute) else { return }
        lastState = state
        lastMinute = minute
        say("\(display.phase.label)  \(display.timeText(at: now)) \(display.caption)  \(display.name)", at: now)
    }

    /// Prints a note, stamped with the time.
    func say(_ text: String, at now: Date = Date()) {
        Console.say("\(timeZone.localTime(of: now).clockTime)  \(Sanitizer.clean(text))")
    }
}
