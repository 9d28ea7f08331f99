import ArgumentParser
import LiveApp
import Fixtures
import Rendering
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// `moments-showcase browse [ID]`: the catalog in the terminal, with a control panel that
/// edits a scenario's inputs live and a key that prints them as Mother Object code.
struct BrowseCommand: ShowcaseSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the catalog in the terminal and edit a scenario's inputs live.",
        discussion: """
            / searches, ↑↓ choose, tab moves to the inputs, ←→ change a number, toggle or \
            choice, enter types a new text or number, p shows the inputs as Mother Object \
            code (printed again when you quit), s and t switch scheme and text size, q quits.
            """)

    @Argument(help: "The scenario to start on (default: the first).")
    var id: String?

    @OptionGroup var output: OutputOptions

    /// One thing that happened: a key, or a signal.
    enum Event: Sendable {
        case key(Key)
        case signal(Int32)
    }

    func run(with dependencies: ShowcaseDependencies) async throws {
        if let id { _ = try ScenarioLookup.scenario(id) }
        let terminal = Terminal()
        guard terminal.isInteractive else {
            throw ShowcaseFailure(message: "browse needs a terminal. Use `moments-showcase render ID` or `export` when piping.")
        }
        // Standard output is the terminal just checked, so this is the depth `render`
        // would draw at there: --color, else what TERM, COLORTERM and NO_COLOR allow.
        let depth = output.format(in: dependencies).colorDepth
        let events = Self.events(terminal)
        do {
            try terminal.enter()
        } catch {
            throw ShowcaseFailure(message: error.description)
        }
        var state = BrowseState(selecting: id)
        let renderer = DiffRenderer(depth: depth)
        var previous: Frame?
        func draw() {
            let size = terminal.size.map { Size($0) } ?? Size(width: 80, height: 24)
            let environment = Variant(depth: depth).environment(now: InstantMother.morning)
            let frame = Frame(rendering: BrowseScreen(state: state), width: size.width, height: size.height, environment: environment)
            terminal.write(renderer.update(from: previous, to: frame))
            previous = frame
        }
        draw()
        loop: for await event in events {
            switch event {
            case .key(let key):
                guard state.handle(key) else { break loop }
            case .signal(SIGWINCH):
                previous = nil
            case .signal:
                break loop
            }
            draw()
        }
        terminal.leave()
        if let code = state.printed { dependencies.say(code) }
    }

    /// Keys and signals, in the order they arrive, until the input ends.
    static func events(_ terminal: Terminal) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let keys = Task {
            for await key in KeyReader.keys(from: terminal.input) { continuation.yield(.key(key)) }
            continuation.finish()
        }
        // Taken over now, not when the task first runs, so no early resize is lost.
        let signalEvents = SignalEvents.stream()
        let signals = Task {
            for await number in signalEvents { continuation.yield(.signal(number)) }
        }
        continuation.onTermination = { _ in
            keys.cancel()
            signals.cancel()
        }
        return stream
    }
}
