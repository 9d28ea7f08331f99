import Domain
import LiveApp
import Synchronization

/// What a console in memory was told: standard output and standard error, each as one text.
public final class PreviewConsoleOutput: Sendable {
    private let texts = Mutex<(output: String, errors: String)>(("", ""))
    /// What its standard output stands for: a pipe, or a terminal of some width.
    public let destination: Console.Destination
    /// Each write to standard output, in order, as it comes: a test of a command that runs
    /// on (`bar`) reads its lines from here.
    public let outputs: AsyncStream<String>
    private let outputsContinuation: AsyncStream<String>.Continuation

    /// Nothing said yet, to a pipe unless `destination` says a terminal.
    public init(destination: Console.Destination = .pipe) {
        self.destination = destination
        (outputs, outputsContinuation) = AsyncStream.makeStream(of: String.self)
    }

    /// Everything written to standard output.
    public var output: String { texts.withLock { $0.output } }
    /// Everything written to standard error.
    public var errors: String { texts.withLock { $0.errors } }

    /// A console that writes here.
    public var console: Console {
        Console(
            output: { text in
                self.texts.withLock { $0.output += text }
                self.outputsContinuation.yield(text)
            },
            errors: { text in self.texts.withLock { $0.errors += text } },
            destination: { [destination] in destination })
    }
}

extension LiveDependencies {
    /// The live app's dependencies in memory, for previews and in-process tests: the real
    /// server on a preview storage (`host`, which every command hosts, serves and connects
    /// to, whatever the URL), the person's `files`, a terminal in memory, `clock`, the
    /// fixtures' UTC time zone, a notifier, a media player, a dock, a bowl, a voice, a runtime folder and a console that keep
    /// what they are given. Nothing reaches a file, a socket, a process or the real clock.
    public static func preview(
        host: PreviewServerHost, clock: PreviewClock, files: PreviewPersonalFiles = PreviewPersonalFiles(),
        terminal: PreviewSessionTerminal = PreviewSessionTerminal(interactive: false),
        console: PreviewConsoleOutput = PreviewConsoleOutput(), notifier: PreviewDesktopNotifier = PreviewDesktopNotifier(),
        mediaPlayer: PreviewDesktopMediaPlayer = PreviewDesktopMediaPlayer(), dock: PreviewDesktopDock = PreviewDesktopDock(),
        runtime: PreviewRuntimeFolder = PreviewRuntimeFolder(), keys: PreviewAccessKeyStore = PreviewAccessKeyStore(),
        tmux: PreviewTmuxStatus = PreviewTmuxStatus(), bellSound: PreviewBellSound = PreviewBellSound(),
        voice: PreviewSpeechVoice = PreviewSpeechVoice(), environment: [String: String] = [:]
    ) -> LiveDependencies {
        LiveDependencies(
            files: { _ in files },
            assembleServer: { _, _ throws(ServerSetupError) in host },
            assembleSharedServer: { _, _, _ throws(ServerSetupError) in
                throw ServerSetupError("a preview has no shared database")
            },
            hostEmbedded: { _, _ throws(ServerSetupError) in host },
            connect: { _, _ in host.connection },
            keys: { _ in keys },
            sharedKeys: { _ throws(ServerSetupError) in throw ServerSetupError("a preview has no shared database") },
            terminal: { terminal }, clock: clock, timeZone: { .utc }, notifier: notifier, mediaPlayer: mediaPlayer,
            dock: dock, bellSound: bellSound, voice: voice,
            runtime: { runtime },
            tmux: tmux, console: console.console, environment: environment)
    }
}
