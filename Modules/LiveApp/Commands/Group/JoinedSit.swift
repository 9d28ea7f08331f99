import Domain
import Rendering
import SyncProtocol

/// A group sit followed through its join code (ADR 0072): what `moments join CODE` and
/// `moments watch CODE` share. The sit's server is `--server`, or else the embedded
/// server of this machine's `moments start` that leads it (found by its runtime file);
/// the sit is followed through its channel until it ends, the code is revoked, or the
/// person leaves. Nothing here changes the sit: a follower's keys only leave.
struct JoinedSit {
    /// The code given.
    let code: JoinCode
    /// Every `--server`, as one text; `nil`: find the sit on this machine.
    let server: String?
    /// The person's key, for a server that asks for one.
    let key: AccessKeyOption
    /// The data folder whose settings are used.
    let data: DataDirectoryOption
    /// Whether the bells are sounded here.
    let bell: BellOption

    /// The group sit `target`'s id names when it is a join code (`moments watch CODE`,
    /// `moments notify CODE`); `nil` for a session's id, or none.
    static func named(by target: SessionTarget, bell: BellOption, console: Console) throws -> JoinedSit? {
        guard let given = target.id, given.contains(".") else { return nil }
        return JoinedSit(code: try code(given, console: console), server: target.server, key: target.key, data: target.data, bell: bell)
    }

    /// Reads a join code as typed, or says what one looks like (exit 1).
    static func code(_ text: String, console: Console) throws -> JoinCode {
        guard let code = JoinCode(text) else {
            throw console.failure(
                "'\(text.prefix(80))' is not a join code; a code looks like ID.SECRET, as the leader's screen shows it "
                    + "after `moments start --group`.")
        }
        return code
    }

    /// Opens the sit's channel once, within the command's patience, before anything is
    /// shown: a server that cannot be reached (3), a code that opens nothing or a closed
    /// channel (1) ends the command here, saying so, as a `watch` of no session does. It
    /// goes as `sitter`, so that it counts as the person it is, not one more.
    private static func check(
        _ code: JoinCode, as sitter: Sitter?, on url: String, through link: SessionLink, files: CommandFiles, console: Console
    ) async throws {
        let connection = link.connection
        do {
            // Dropped at once: the screen opens its own stream, from the newest state.
            _ = try await RetryPolicy.command.with(patience: link.serverPatience).run {
                () async throws(SyncError) -> AsyncThrowingStream<ActivitySnapshot, any Error> in
                try await connection.follow(code, as: sitter, after: nil)
            }
        } catch {
            await link.close()
            throw console.failure(advice(for: error, url: url, files: files), status: StartCommand.status(for: error))
        }
    }

    /// What to tell a follower the server refused or could not be reached for.
    private static func advice(for error: SyncError, url: String, files: CommandFiles) -> String {
        switch error {
        case .wrongToken, .notFound, .missingToken:
            return "that join code opens no group sit on \(url); check it with the sit's leader."
        case .unreachable:
            return "cannot reach the server at \(url): \(error.description)"
        default:
            return AccessKeyOption.advice(for: error, keyPath: files.accessKeyPath) ?? error.description
        }
    }

    /// Follows the sit, showing `surfaces` (the timer screen when empty), as lines with
    /// `noTTY`. Returns once the sit has ended (exit 0); throws 1 when the server refused
    /// the code (revoked, over, wrong) and 2 when interrupted.
    func show(
        surfaces: [ActivitySurface], noTTY: Bool, accessible: Bool = false,
        desktop: (@Sendable () async throws -> DesktopSurfaces)? = nil, dependencies: LiveDependencies
    ) async throws {
        let console = dependencies.console
        let files = data.files(dependencies)
        // The follower's own history gets the sit: a folder no file can be kept in ends it now.
        let settings = OutputOption.applying(accessible: accessible, to: try files.settingsOrStandardUnlessRefused())
        let runtime = dependencies.runtime()
        let url: String
        if let server {
            url = server
        } else if let entry = runtime.entries().first(where: { $0.activityID == code.id }) {
            url = entry.server
        } else {
            throw console.failure(
                "no group sit with that code is led on this machine; name its server, as in "
                    + "`moments join \(code) --server URL`.", status: .noSession)
        }
        let accessKey = server == nil ? nil : try key.resolve(files)
        let link = SessionLink.remote(url, accessKey: accessKey, dataDirectory: data.path, runtime: runtime, dependencies: dependencies)
        // Not knowing who sits here only counts this person once per surface: said, not fatal.
        let sitter: Sitter?
        do {
            sitter = try files.files.sitter()
        } catch {
            console.warn("each surface of this sit counts as one more person sitting: \(error.description)")
            sitter = nil
        }
        try await Self.check(code, as: sitter, on: url, through: link, files: files, console: console)
        // The person's bar follows the sit too, for as long as this does.
        link.announceFollowing(code)
        let kept = try await desktop?() ?? .none
        let sat = FollowedTime()
        let ending = await SessionShow.run(
            connection: link.current, id: code.id, token: code.secret, on: dependencies.terminal(), settings: settings,
            surfaces: surfaces, noTTY: noTTY, clock: dependencies.clock, timeZone: dependencies.timeZone(), handOver: nil,
            desktop: kept, group: .following(code, sat, as: sitter)
        ) { output in
            bell.presenter(runtime: runtime, dependencies: dependencies, settings: settings, fallback: output.terminalBell)
        }
        await link.close()
        // The time sat goes into this person's own history, once (ADR 0072).
        if let record = sat.record(leftAt: dependencies.clock.now()) {
            do {
                _ = try files.files.recordFollowedSit(record)
            } catch {
                console.warn("the sit could not be added to your history: \(error.description)")
            }
        }
        switch ending {
        case .ended(let snapshot):
            let sat = timerDisplayFromSeconds(seconds: snapshot.activity.content.secondsElapsed, showSeconds: true)
            let with = SessionDisplay(activity: snapshot.activity, timeDisplay: .elapsed, following: true, at: snapshot.timestamp)
                .presenceText.map { "; you \($0)" } ?? ""
            console.say("The group sit \(snapshot.activity.attributes.name.value) ended; it sat \(sat)\(with).")
        case .left:
            console.say("You left the group sit; it goes on with its leader. Join again with `moments join \(code)`.")
        case .refused(let error):
            console.error(Self.advice(for: error, url: url, files: files))
        case .interrupted, .replaced:
            break
        }
        let status = ExitStatus(following: ending)
        if status != .completed { throw status.exitCode }
    }
}
