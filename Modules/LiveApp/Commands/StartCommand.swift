import ArgumentParser
import Domain
import TerminalIO
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// `moments start`: a session, shown full screen (or as lines) until it ends, then its
/// summary. The session lives on the sync server: the embedded one by default (hosted by
/// this process, or by another `start`/`watch` of the same state found through its runtime
/// file), or the one at `--server`.
struct StartCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a session and show its timer until it ends.",
        discussion: """
            Keys: space pauses and resumes, f finishes, c cancels (after asking), + and - move \
            the target by a minute, ? shows help, q quits (asking whether the session keeps \
            running). A session kept running is picked up by the next `moments start` or \
            `moments watch`, its time counted as if nothing had happened.

            \(ExitStatus.summary)
            """)

    @Argument(help: "How long: 10m, 90s, 1h15m, or a number of minutes. Default: the default-duration setting.")
    var duration: String?

    /// The name of a session started without `--name`; the widgets offer it too.
    static let defaultName = "Meditation"

    @Option(help: "The session's name.")
    var name = Self.defaultName

    @Flag(help: "An open-ended session, with no target.")
    var open = false

    @Option(name: .customLong("warm-up"), help: ArgumentHelp("A warm-up before the sit, not counted: 30s, 2m.", valueName: "duration"))
    var warmUp: String?

    @Option(help: ArgumentHelp(
        "The bells: an interval (5m), instants (25m,30m,55m), a preset (none, simple, zen) or words (start=1 every=5m end=3). Default: the interval-bell and end-bell settings.",
        valueName: "program"))
    var bells: String?

    @Flag(help: "A group sit: others follow it with the join code it shows (`moments join CODE`); only you change it.")
    var group = false

    @Option(name: .customLong("channel-storage"), help: ArgumentHelp(
        "What a group sit's channel keeps for one who joins late: latest (its newest state, shown at once; the default) or none (they see the sit from its next change).",
        valueName: "latest|none"))
    var channelStorage: String?

    @Option(help: ArgumentHelp(
        "Schedule the sit to begin by itself at a time of day (07:00, the next one to come) or a local date and time (2026-12-02T07:00); every surface shows the countdown, and others may join a group sit before.",
        valueName: "time"))
    var at: String?

    @Option(name: .customLong("in"), help: ArgumentHelp("Schedule the sit to begin by itself after this long: 10m, 1h.", valueName: "duration"))
    var startsIn: String?

    @OptionGroup var bell: BellOption

    @OptionGroup var servers: ServerOption

    /// Every `--server`, as one text; `nil` for the embedded server.
    var server: String? { servers.server }

    @OptionGroup var output: OutputOption

    /// `--no-tty`: lines, and no keys.
    var noTTY: Bool { output.noTTY }

    @OptionGroup var key: AccessKeyOption

    @OptionGroup var data: DataDirectoryOption

    func run(with dependencies: LiveDependencies) async throws {
        let console = dependencies.console
        // Bad input is refused before any file is opened or made.
        let (sessionName, seconds) = try parseInput(console)
        let storage = try storage(console)
        let startsAt = try scheduledStart(console, timeZone: dependencies.timeZone(), now: dependencies.clock.now())
        let files = data.files(dependencies)
        let (saved, settingsWarning) = files.settingsOrStandardUnsaid()
        let settings = output.applied(to: saved)
        let attributes: SessionAttributes
        do {
            let target = open ? nil : seconds ?? settings.defaultDurationSeconds
            attributes = try SessionAttributes(
                name: sessionName, plannedSeconds: target, bells: try program(over: settings, target: target), isGroup: group,
                channelStorage: storage, startsAt: startsAt)
        } catch {
            files.warn(settingsWarning)
            throw console.failure(error.description)
        }
        let runtime = dependencies.runtime()

        let accessKey = try server == nil ? nil : key.resolve(files)
        let (link, entry) = try await Self.link(
            server: server, accessKey: accessKey, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
        files.warn(settingsWarning)
        let status = await run(
            link: link, entry: entry, attributes: attributes, settings: settings, files: files, dependencies: dependencies)
        await link.close()
        if status != .completed { throw status.exitCode }
    }

    /// The server at `server`, or the embedded one: hosted by another process of the same
    /// state (its runtime file is answered too), or by this one.
    static func link(
        server: String?, accessKey: String? = nil, dataDirectory: String?, runtime: any RuntimeFolder,
        dependencies: LiveDependencies
    ) async throws -> (SessionLink, RuntimeEntry?) {
        if let server {
            return (.remote(server, accessKey: accessKey, dataDirectory: dataDirectory, runtime: runtime, dependencies: dependencies), nil)
        }
        do {
            return try await SessionLink.embedded(dataDirectory: dataDirectory, runtime: runtime, dependencies: dependencies)
        } catch {
            throw failure(error, console: dependencies.console)
        }
    }

    /// Says why the embedded server's state could not be opened, with what to do, and
    /// answers the error that ends the command with its status.
    static func failure(_ error: ServerSetupError, console: Console) -> any Error {
        switch error.cause {
        // Only a held state has another server behind it, to be reached with --server.
        case .inUse: return console.failure("\(error.description) Is `moments serve` using the same folder? Then use --server.")
        case .environment: return console.failure(error.description, status: .environmentFailure)
        case .input, .other: return console.failure(error.description)
        }
    }

    /// The storage asked of the sit's channel by `--channel-storage`, which needs `--group`;
    /// a word that is neither policy is exit 1 naming both.
    private func storage(_ console: Console) throws -> ChannelStorage {
        guard let channelStorage else { return .latest }
        guard let policy = ChannelStorage(rawValue: channelStorage.lowercased()) else {
            throw console.failure("--channel-storage \(channelStorage) is not a storage; give latest or none.")
        }
        guard group else { throw console.failure("--channel-storage is for a group sit, which has a channel; add --group, or leave it out.") }
        return policy
    }

    /// The name and the duration asked for (`nil`: the default duration); a bad value is
    /// exit 1 with a message that says what to type instead.
    private func parseInput(_ console: Console) throws -> (SessionName, Double?) {
        guard !(open && duration != nil) else { throw console.failure("give a DURATION or --open, not both.") }
        do {
            // The bells are read once here, over no program, so a typo is refused before
            // any file is opened; they are read again over the person's default below.
            _ = try program(over: .standard, target: nil)
            return (try SessionName(name), try duration.map { text throws(Domain.ValidationError) in try DurationText.parse(text) })
        } catch {
            throw console.failure(error.description)
        }
    }

    /// The instant `--at` or `--in` schedules the sit for, or `nil` to begin now; one that
    /// has passed, a day that does not exist, or both options, is exit 1 saying what to
    /// type. The server checks the instant again (`Domain.Transition`).
    private func scheduledStart(_ console: Console, timeZone: LocalTimeZone, now: Date) throws -> Date? {
        guard !(at != nil && startsIn != nil) else { throw console.failure("give --at or --in, not both.") }
        let asked: ScheduledStart
        if let at {
            do { asked = try ScheduledStart(at: at) } catch { throw console.failure(error.description) }
        } else if let startsIn {
            do { asked = try ScheduledStart(in: startsIn) } catch { throw console.failure(error.description) }
        } else {
            return nil
        }
        let shown = at.map { "--at \($0)" } ?? "--in \(startsIn ?? "")"
        guard let instant = asked.instant(in: timeZone, now: now) else {
            throw console.failure("\(shown) is no day of the calendar; check the date.")
        }
        guard instant > now else {
            throw console.failure("\(shown) has passed (it is \(timeZone.localTime(of: now).clockTime) now); give a time ahead, or leave --at out to start now.")
        }
        guard Seconds.between(now, instant) <= SessionLimits.scheduleHorizon else {
            throw console.failure("\(shown) is more than a week ahead; schedule a sit within a week.")
        }
        return instant
    }

    /// The bells asked for, read over the default program of `settings` (fitted to
    /// `target`, where `--bells` is checked against it instead).
    private func program(over settings: Settings, target: Double?) throws(Domain.ValidationError) -> BellProgram {
        var program = settings.bellProgram.fitted(toTarget: target)
        if let bells { program = try BellProgram.parse(bells, over: program).checked(forTarget: target) }
        if let warmUp {
            let off = ["0", "off", "none"].contains(warmUp.trimmingWhitespace.lowercased())
            program = try program.replacing(warmUpSeconds: off ? 0 : try DurationText.seconds(warmUp))
        }
        return program
    }

    /// Picks up the live session or creates one, shows it, and answers the exit status.
    private func run(
        link: SessionLink, entry: RuntimeEntry?, attributes: SessionAttributes, settings: Settings, files: CommandFiles,
        dependencies: LiveDependencies
    ) async -> ExitStatus {
        let console = dependencies.console
        var session: SessionHandle
        // The code others join a group sit made here with, or picked up with.
        var joinCode: JoinCode?
        // A start asked for (a duration, --open) over a session left running asks at once,
        // on the screen, whether to replace it; it is never shown in silence.
        var asksToReplace = false
        if let live = await Self.runningSession(server: server, link: link, entry: entry, files: files) {
            session = live
            // A group sit picked up shows its code again: from this process's own state, or as
            // remembered with the sit on a --server.
            joinCode = await link.host?.joinCode(of: live.id) ?? server.flatMap { files.rememberedJoinCode(of: live.id, on: $0) }
            asksToReplace = duration != nil || open
        } else {
            switch await create(on: link, attributes: attributes, settings: settings, files: files, dependencies: dependencies) {
            case .made(let created, let code): (session, joinCode) = (created, code)
            case .failed(let status): return status
            }
        }
        let desktop = await DesktopSurfaces.open(when: settings.desktopNotification, dependencies: dependencies)
        while true {
            link.announce(session)
            let ending = await SessionShow.run(
                connection: link.current, id: session.id, token: session.token, on: dependencies.terminal(), settings: settings,
                surfaces: [], noTTY: noTTY, clock: dependencies.clock, timeZone: dependencies.timeZone(),
                handOver: link.handOver, desktop: desktop, asksToReplace: asksToReplace,
                group: joinCode.map { .leading($0) } ?? .none
            ) { output in
                bell.presenter(runtime: dependencies.runtime(), dependencies: dependencies, settings: settings, fallback: output.terminalBell)
            }
            guard case .replaced(let finished) = ending else {
                return await Self.finish(
                    ending, files: files, console: console, timeZone: dependencies.timeZone(), now: dependencies.clock.now())
            }
            // The one left running is finished (its summary said), and the one asked for begins.
            if let server { files.forgetQuietly(session.id, on: server) }
            _ = await Self.finish(
                .ended(finished), files: files, console: console, timeZone: dependencies.timeZone(), now: dependencies.clock.now())
            switch await create(on: link, attributes: attributes, settings: settings, files: files, dependencies: dependencies) {
            case .made(let created, let code): (session, joinCode) = (created, code)
            case .failed(let status): return status
            }
            asksToReplace = false
        }
    }

    /// Creates the session asked for, remembered when it is on a server of the person's
    /// choosing; a failure has been said and answers its status.
    private func create(
        on link: SessionLink, attributes: SessionAttributes, settings: Settings, files: CommandFiles,
        dependencies: LiveDependencies
    ) async -> Creation {
        do {
            let created = try await Self.createSession(
                on: link.connection, attributes: attributes, showSeconds: settings.showSeconds,
                patience: dependencies.serverPatience)
            if let server { files.rememberQuietly(created.handle, joinCode: created.joinCode, on: server) }
            return .made(created.handle, created.joinCode)
        } catch {
            let unreachable = if case .unreachable = error { true } else { false }
            let said = AccessKeyOption.advice(for: error, keyPath: files.accessKeyPath)
                ?? (unreachable ? server.map { "cannot reach the server at \($0): \(error.description)" } : nil)
                ?? error.description
            dependencies.console.error(said)
            return .failed(Self.status(for: error))
        }
    }

    /// How a creation went: the session, or the status its failure (already said) ends with.
    private enum Creation {
        case made(SessionHandle, JoinCode?)
        case failed(ExitStatus)
    }

    /// The session to pick up rather than start: on the embedded server, the one another
    /// process shows or keeps running; on `server`, the one a `start` of this person's
    /// left running there (remembered in the state folder).
    private static func runningSession(
        server: String?, link: SessionLink, entry: RuntimeEntry?, files: CommandFiles
    ) async -> SessionHandle? {
        if let server { return await files.rememberedSession(on: server, through: link.connection) }
        return await link.liveSession(announcedIn: entry).map { SessionHandle(id: $0.id, token: $0.token) }
    }

    /// Creates the session, trying again while the server cannot be reached, with one
    /// idempotency key for every try: a try whose answer was lost made the session, and the
    /// next try gets that session back rather than starting a second one.
    static func createSession(
        on connection: any SyncConnection, attributes: SessionAttributes, showSeconds: Bool,
        patience: Duration = RetryPolicy.command.patience
    ) async throws(SyncError) -> CreatedActivity {
        let key = IdempotencyKey.random()
        return try await RetryPolicy.command.with(patience: patience).run { () async throws(SyncError) -> CreatedActivity in
            try await connection.createActivity(
                attributes, showSeconds: showSeconds, clientID: "moments-start", idempotencyKey: key)
        }
    }

    /// Prints what the ending calls for and answers the exit status.
    private static func finish(
        _ ending: SessionEnding, files: CommandFiles, console: Console, timeZone: LocalTimeZone, now: Date
    ) async -> ExitStatus {
        switch ending {
        case .ended(let snapshot):
            let activity = snapshot.activity
            let lines = await OffThePool.run {
                files.readHistoryIfPossible(unavailable: "today's total and streak are not shown") {
                    SessionSummary.lines(of: activity, history: $0, timeZone: timeZone, now: now)
                }
            }
            for line in lines ?? SessionSummary.lines(of: activity, history: nil, timeZone: timeZone, now: now) {
                console.say(line)
            }
        case .left:
            console.say("The session keeps running; `moments start` or `moments watch` picks it up.")
        case .interrupted:
            console.say("Interrupted; the session keeps running. `moments start` or `moments watch` picks it up.")
        case .refused(let error):
            console.error(error.description)
        case .replaced:
            break
        }
        return ExitStatus(ending)
    }

    /// The exit status for a server's error.
    static func status(for error: SyncError) -> ExitStatus {
        switch error {
        case .unreachable, .unavailable: return .serverUnreachable
        // The session could not be made durable: a full disk, a folder that cannot be written.
        case .storageFailed, .outcomeUnknown: return .environmentFailure
        default: return .usageOrInput
        }
    }
}

extension ExitStatus {
    /// The status for the way a session's view ended: how the session ended, 0 when it was
    /// left running, 2 when interrupted, 1 when the server refused it.
    init(_ ending: SessionEnding) {
        switch ending {
        case .ended(let snapshot): self.init(outcome: snapshot.activity.content.outcome)
        // The session asked for is shown next; the one replaced does not decide the status.
        case .replaced: self = .completed
        case .left: self = .completed
        case .interrupted: self = .endedEarly
        case .refused: self = .usageOrInput
        }
    }

    /// The status for a follower (`watch`, `notify`) whose view ended this way: 0 once it
    /// has followed its session to the dismissal, whatever the outcome, as a status bar
    /// hides (issue 55); otherwise as for the session's own view.
    init(following ending: SessionEnding) {
        if case .ended = ending { self = .completed } else { self.init(ending) }
    }

    /// The status for a session that ended this way: 0 when it counts in full (completed,
    /// or ended by the system), 2 when finished early or cancelled.
    init(outcome: SessionOutcome?) {
        switch outcome {
        case .finishedEarly, .cancelled: self = .endedEarly
        case .completed, .expired, nil: self = .completed
        }
    }
}
