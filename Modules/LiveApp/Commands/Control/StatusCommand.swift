import ArgumentParser
import Domain
import Rendering
import SyncProtocol

/// `moments status`: the current session in one line, printed once, for a status bar, the
/// tmux status line or a script. It finds the session as `moments watch` does and exits;
/// with none it prints the format's empty form and exits 5 (``ExitStatus/noSession``).
///
/// It runs every second from a bar, so it never hosts the embedded server: a session a
/// `moments start` or `watch` shows is read from that process's server; when no process
/// hosts the state, the state is opened for one read (the server's clock rules applied, as
/// a host would) and let go at once, with no listener and no runtime file (ADR 0029).
struct StatusCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the current session in one line, for status bars, tmux and scripts.",
        discussion: """
            Finds the session as `moments watch` does. Formats: plain (the default), json, \
            tmux (style syntax, for status-right '#(moments status --format tmux)'), waybar \
            (one JSON object: text, tooltip, class, percentage), i3blocks (full text, short \
            text, colour), polybar (with click actions: left toggles, right finishes), i3bar (one block \
            of the i3bar protocol, as JSON). \
            Documentation/StatusBars.md has a snippet for each.

            With no session it prints the format's empty form (an empty line, or an object \
            with empty text) so the bar hides the module, and exits 5.

            \(ExitStatus.summary)
            """)

    @OptionGroup var target: SessionTarget

    @Option(help: ArgumentHelp("How to print it: plain, json, tmux, waybar, i3blocks, polybar or i3bar.", valueName: "format"))
    var format = StatusFormatArgument(.plain)

    /// A format's name where the session's id goes (`moments status waybar`) is refused
    /// with the option it was meant for.
    func validate() throws {
        if let id = target.id, let format = StatusLineFormat(rawValue: id) {
            throw ValidationError("'\(id)' is a format, not a session's id: write `moments status --format \(format.rawValue)`.")
        }
    }

    func run(with dependencies: LiveDependencies) async throws {
        let console = dependencies.console
        let files = target.data.files(dependencies)
        let (settings, settingsWarning) = files.settingsOrStandardUnsaid()
        let snapshot: ActivitySnapshot?
        do {
            switch try await target.find(runtime: dependencies.runtime(), dependencies: dependencies, hosting: false) {
            case .linked(let link, let session):
                snapshot = try await Self.read(session, through: link, console: console)
            case .unhosted:
                snapshot = try await readUnhosted(dependencies)
            }
        } catch let notFound as SessionTarget.NotFound {
            guard !notFound.isUnknownID else { throw console.failure(notFound.message) }
            snapshot = nil
        }
        files.warn(settingsWarning)
        let now = dependencies.clock.now()
        let line = StatusLine(snapshot: snapshot, timeDisplay: settings.timeDisplay, at: now)
        console.say(line.text(format.format, at: now))
        if line.session == nil { throw ExitStatus.noSession.exitCode }
    }

    /// The session's state from the server `link` reaches, the link closed after.
    static func read(_ session: SessionHandle, through link: SessionLink, console: Console) async throws -> ActivitySnapshot {
        let connection = link.connection
        do {
            let snapshot = try await RetryPolicy.command.with(patience: link.serverPatience).run { () async throws(SyncError) -> ActivitySnapshot in
                try await connection.activity(id: session.id, token: session.token)
            }
            await link.close()
            return snapshot
        } catch {
            await link.close()
            throw console.failure("cannot read the session (\(error.description))", status: StartCommand.status(for: error))
        }
    }

    /// The live session of the embedded state no process hosts, or `nil`: the state opened
    /// (its lock held) for this one read, without a listener, then let go.
    private func readUnhosted(_ dependencies: LiveDependencies) async throws -> ActivitySnapshot? {
        let assembled: any ServerAssembly
        do {
            assembled = try await dependencies.assembleServer(target.data.path, false)
        } catch {
            throw StartCommand.failure(error, console: dependencies.console)
        }
        let server = assembled.connection
        let listed = ((try? await server.activities()) ?? []).filter { summary in target.id.map { $0 == summary.id } ?? true }
        // The session running, else the newest one ended and not yet dismissed: what a bar
        // following the server shows too, until the dismissal (an ended session is no
        // outage, and no absence either).
        let live = listed.first { $0.status == .active || $0.status == .stale }
            ?? listed.filter { $0.status == .ended }.max { $0.activity.lifecycle.startedAt < $1.activity.lifecycle.startedAt }
        var snapshot: ActivitySnapshot?
        if let live { snapshot = try? await server.activity(id: live.id) }
        await assembled.close()
        if snapshot == nil, target.id != nil { throw SessionTarget.notFound(id: target.id) }
        return snapshot
    }
}
