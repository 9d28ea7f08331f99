import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol

/// What every control verb does (`moments pause`, `resume`, `toggle`, `finish`, `cancel`,
/// `extend`): find the session as `moments watch` would, send it one intent, print the
/// state the server answered with as the plain status line, and exit as `moments start`
/// would for that state. These are what a window manager's key binding or a bar's click
/// runs, so each is one process that does one thing and says how it went.
///
/// The intent goes through ``CurrentConnection/deliver(_:to:token:policy:)`` with
/// ``RetryPolicy/intent``, with one intent id for every try, so a try whose answer was lost
/// is answered once, not applied twice. The state is never changed here: an intent the
/// server refuses leaves it as it was, and the refusal is said with what to do.
enum SessionControl {
    /// Sends the intent `decide` picks for the session as it is now (a toggle reads it; the
    /// others ignore it), then prints the answered state. `verb` names the command, for
    /// the client id and the messages.
    static func send(
        _ verb: String, target: SessionTarget, dependencies: LiveDependencies,
        decide: (ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?)
    ) async throws {
        let console = dependencies.console
        let files = target.data.files(dependencies)
        let (settings, settingsWarning) = files.settingsOrStandardUnsaid()
        let link: SessionLink, session: SessionHandle
        do {
            guard case .linked(let found, let handle) = try await target.find(runtime: dependencies.runtime(), dependencies: dependencies, command: verb)
            else { throw console.failure("no session to \(verb).") }
            (link, session) = (found, handle)
        } catch let notFound as SessionTarget.NotFound {
            throw console.failure(
                notFound.isUnknownID ? notFound.message : "nothing to \(verb): " + notFound.message,
                status: notFound.isUnknownID ? .usageOrInput : .noSession)
        }
        files.warn(settingsWarning)
        let answer = await deliver(verb, to: session, through: link, decide: decide)
        await link.close()
        switch answer {
        case .success(let snapshot):
            let now = dependencies.clock.now()
            console.say(StatusLine(snapshot: snapshot, timeDisplay: settings.timeDisplay, at: now).text(.plain, at: now))
            let status = ExitStatus(outcome: snapshot.activity.content.outcome)
            if status != .completed { throw status.exitCode }
        case .failure(let error):
            throw console.failure(advice(for: error, verb: verb), status: StartCommand.status(for: error))
        }
    }

    /// Reads the session, decides, and sends the one intent: the server's answer.
    private static func deliver(
        _ verb: String, to session: SessionHandle, through link: SessionLink,
        decide: (ActivitySnapshot) -> (intent: Intent, expectedVersion: UInt64?)
    ) async -> Result<ActivitySnapshot, SyncError> {
        let connection = link.connection
        let current: ActivitySnapshot
        do {
            current = try await RetryPolicy.command.with(patience: link.serverPatience).run { () async throws(SyncError) -> ActivitySnapshot in
                try await connection.activity(id: session.id, token: session.token)
            }
        } catch {
            return .failure(error)
        }
        let (intent, expectedVersion) = decide(current)
        let request: IntentRequest
        do {
            request = try IntentRequest(
                clientID: "moments-\(verb)", intentID: UUID().uuidString, intent: intent, expectedVersion: expectedVersion)
        } catch {
            return .failure(error)
        }
        return await link.current.deliver(request, to: session.id, token: session.token, policy: .intent)
    }

    /// What to tell the person when the server would not apply the intent.
    static func advice(for error: SyncError, verb: String) -> String {
        switch error {
        case .refused(_, let message, _):
            return "cannot \(verb): \(message) The session is unchanged; `moments status` shows it."
        case .staleVersion:
            return "the session changed while \(verb) was deciding; nothing was sent. Run it again."
        default:
            return "cannot \(verb): \(error.description)"
        }
    }
}
