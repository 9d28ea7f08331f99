import ArgumentParser
import AsyncAlgorithms
import Domain

#if canImport(Glibc)
    import Glibc
#endif

/// `moments bar`: a status-bar module that is pushed, not polled. It prints one line each
/// time what it shows changes (every push at once, and each second or minute of the time
/// sat as the session shows it), prints the format's empty form while there is no session,
/// and picks up the next session by itself. See Documentation/StatusBars.md.
struct BarCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "bar",
        abstract: "A status-bar module for the current session, pushed by the server, never polled.",
        discussion: """
            Runs until stopped, printing one line whenever the line changes: waybar (JSON, \
            for a custom module with return-type json and no interval), i3blocks (an i3bar \
            block, for interval=persist and format=json), i3bar (the whole protocol, as \
            status_command; left click toggles, right click finishes), polybar (for a \
            custom/script module with tail = true), tmux (sets the option @moments and \
            redraws the status line: set -g status-right '#{@moments}'), plain or json.

            With no session it prints the empty form, which hides the module, and waits for \
            one to start, without polling. It follows the session a `moments start` of yours \
            hosts, or with --server the sessions of your key on that server, and every group \
            sit a `moments join` of yours follows on this machine.

            \(ExitStatus.summary)
            """)

    @Option(help: ArgumentHelp("waybar, i3blocks, i3bar, polybar, tmux, plain or json.", valueName: "format"))
    var format = BarFormat.plain

    /// Which sessions: with an id, only that one; `--server`, `--key` and `--data-dir` as
    /// for `moments watch`, and for the intents of clicks.
    @OptionGroup var target: SessionTarget

    /// `--silent`: flash the bells in the line, never sound them.
    @OptionGroup var bell: BellOption

    /// A format's name where the session's id goes (`moments bar waybar`) is refused: the
    /// bar would wait, empty and for ever, for a session of that id.
    func validate() throws {
        if let id = target.id, let format = BarFormat(rawValue: id) {
            throw ValidationError("'\(id)' is a format, not a session's id: write `moments bar --format \(format.rawValue)`.")
        }
    }

    func run(with dependencies: LiveDependencies) async throws {
        let files = target.data.files(dependencies)
        let settings = try files.settingsOrStandardUnlessRefused()
        let runtime = dependencies.runtime()
        let stateFolder = dependencies.files(target.data.path).stateFolder
        let accessKey = try target.server == nil ? target.key.resolvedQuietly(files) : target.key.resolve(files)
        let source: BarSource
        if let server = target.server {
            source = .server(server, accessKey: accessKey, dependencies: dependencies)
        } else {
            source = .embedded(stateFolder: stateFolder, runtime: runtime, dependencies: dependencies)
        }
        // The sits this person follows here come to the bar too, counted as the same person.
        let followed = FollowedSits.announced(
            in: runtime, stateFolder: stateFolder, accessKey: accessKey, sitter: { try? files.files.sitter() }, dependencies: dependencies)
        let console = dependencies.console
        let output = BarOutput(format: format, console: console, tmux: dependencies.tmux)
        let target = self.target
        let bar = StatusBar(
            source: source, followed: followed, only: target.id, output: output, clock: dependencies.clock, timeDisplay: settings.timeDisplay,
            // A bar's output is its protocol: where no player can sound a bell, it stays shown only.
            bells: bell.presenter(runtime: runtime, dependencies: dependencies, settings: settings, fallback: { _ in }),
            act: { click in await Self.act(click, on: target, dependencies: dependencies) })
        let terminal = dependencies.terminal()
        // A bar stops on a signal, or when whoever read it has gone (a restarted status bar,
        // the tmux server that ran it), even with nothing to write.
        let stops = merge(
            terminal.signals().filter { $0 == SIGINT || $0 == SIGTERM || $0 == SIGHUP }.map { _ in () },
            console.outputGone())
        let clicks = format == .i3bar || format == .i3blocks ? BarClick.clicks(from: terminal.input()) : AsyncStream { $0.finish() }
        await bar.run(clicks: clicks, stop: stops)
        // Stopped, the bar hides what it showed; a tmux that cannot be told is why it stopped.
        if format == .tmux, await !dependencies.tmux.show("", in: BarOutput.tmuxOption) {
            throw console.failure(
                "tmux is not running, or not reachable from here: run it inside tmux, as `run-shell -b 'moments bar --format tmux'`.",
                status: .environmentFailure)
        }
    }

    /// Sends a click's intent as `moments toggle` or `moments finish` would, saying nothing
    /// on standard output (it is the bar's protocol); a refusal is said on standard error.
    static func act(_ click: BarClick, on target: SessionTarget, dependencies: LiveDependencies) async {
        var quiet = dependencies
        quiet.console = Console(output: { _ in }, errors: dependencies.console.errors, destination: { .pipe })
        let verb = click == .toggle ? "toggle" : "finish"
        try? await SessionControl.send(verb, target: target, dependencies: quiet) { current in
            click == .toggle ? ToggleCommand.decide(current) : (.finish, nil)
        }
    }
}
