import Domain
import SyncProtocol

/// How the commands use the person's files: a command that answers once ends with the
/// reason when a store cannot be opened (status 4 when the machine refused, as every
/// command answers that, else 1); a session goes on without it, with a
/// warning on the command's console.
struct CommandFiles: Sendable {
    /// The files.
    let files: any PersonalFiles
    /// Where failures and warnings are said.
    let console: Console
    /// The environment variables of the run (`MOMENTS_KEY`).
    let environment: [String: String]

    /// The state folder of the embedded server these files belong to.
    var stateFolder: String { files.stateFolder }
    /// Where the person's access key file is.
    var accessKeyPath: String { files.accessKeyPath }

    /// Changes the saved settings with `change` and saves them; answers them as saved.
    func changeSettings(_ change: (inout Settings) throws -> Void) throws -> Settings {
        try files.changeSettings(change)
    }

    /// The person's access key saved in the config folder, if any.
    func savedAccessKey() throws(StoreProblem) -> String? { try files.savedAccessKey() }

    /// Reads the history, or ends the command with the reason it could not.
    func readHistoryOrFail<Result>(_ read: (any SessionHistory) -> Result) throws -> Result {
        do {
            return try files.readHistory(read)
        } catch {
            throw console.failure(error.description, status: error.exitStatus)
        }
    }

    /// Reads the history, or answers `nil` after warning that `unavailable` (the history
    /// is not needed to go on).
    func readHistoryIfPossible<Result>(unavailable: String, _ read: (any SessionHistory) -> Result) -> Result? {
        do {
            return try files.readHistory(read)
        } catch {
            console.warn("\(unavailable): \(error.description)")
            return nil
        }
    }

    /// The saved settings, or the command's end with the reason they could not be read.
    func settingsOrFail() throws -> Settings {
        do {
            return try files.readSettings()
        } catch {
            throw console.failure(error.description, status: error.exitStatus)
        }
    }

    /// The person's settings, or the standard ones (with a warning) when they cannot be
    /// read: a session starts either way.
    func settingsOrStandard() -> Settings {
        let (settings, warning) = settingsOrStandardUnsaid()
        warn(warning)
        return settings
    }

    /// The person's settings, or the standard ones when they cannot be read, with the
    /// warning that says so, for the command to give with ``warn(_:)`` once its next
    /// step went through: a command whose next step needs the same folder and fails there
    /// says why once, as the error that ends it, not first as a warning too.
    func settingsOrStandardUnsaid() -> (settings: Settings, warning: String?) {
        do {
            return (try files.readSettings(), nil)
        } catch {
            return (.standard, "using the standard settings: \(error.description)")
        }
    }

    /// The person's settings, or the standard ones (with a warning) when they cannot be
    /// read for what they hold; but the command's end, with status 4, when the machine
    /// refused (a data folder under a file, one that cannot be read). For a command that
    /// runs until stopped, such as `moments bar`, which would otherwise wait for ever on
    /// a folder no session can ever be kept in.
    func settingsOrStandardUnlessRefused() throws -> Settings {
        do {
            return try files.readSettings()
        } catch where error.isEnvironmentFailure {
            throw console.failure(error.description, status: .environmentFailure)
        } catch {
            console.warn("using the standard settings: \(error.description)")
            return .standard
        }
    }

    /// Gives the warning ``settingsOrStandardUnsaid()`` answered, if any.
    func warn(_ warning: String?) {
        if let warning { console.warn(warning) }
    }

    /// The session remembered on `server`, if the server says it is still live or, with
    /// `includingEnded`, ended and not yet dismissed (what `status` shows until the dismissal, as
    /// it does on the embedded server: an ended session is no absence). One the server says
    /// is dismissed, or does not know, is forgotten on the way.
    func rememberedSession(
        on server: String, through connection: any SyncConnection, includingEnded: Bool = false
    ) async -> SessionHandle? {
        let known: SessionHandle?
        do {
            known = try files.rememberedSession(on: server)
        } catch {
            console.warn("sessions remembered on \(server) cannot be read: \(error.description)")
            return nil
        }
        guard let known else { return nil }
        do throws(SyncError) {
            let snapshot = try await connection.activity(id: known.id, token: known.token)
            if snapshot.event != .dismiss {
                return !snapshot.activity.content.isEnded || includingEnded ? known : nil
            }
        } catch {
            guard case .notFound = error else { return nil }
        }
        forgetQuietly(known.id, on: server)
        return nil
    }

    /// The join code of group sit `id` when it is the session remembered on `server`, or
    /// `nil` (said, when the file cannot be read).
    func rememberedJoinCode(of id: String, on server: String) -> JoinCode? {
        do {
            let code = try files.rememberedJoinCode(on: server)
            return code?.id == id ? code : nil
        } catch {
            console.warn("the join code remembered on \(server) cannot be read: \(error.description)")
            return nil
        }
    }

    /// Remembers `session` on `server` (a group sit's with its `joinCode`), or warns that a
    /// later command will not find it.
    func rememberQuietly(_ session: SessionHandle, joinCode: JoinCode? = nil, on server: String) {
        do {
            try files.remember(session, joinCode: joinCode, on: server)
        } catch {
            console.warn("once this command exits, the session cannot be found again on \(server): \(error.description)")
        }
    }

    /// Forgets session `id` on `server`, or warns.
    func forgetQuietly(_ id: String, on server: String) {
        do {
            try files.forget(id, on: server)
        } catch {
            console.warn("the ended session stays remembered on \(server): \(error.description)")
        }
    }
}
