import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// A session a terminal can show, and where it lives: the connection its pushes come over
/// and its intents go to, its id and token there, and the clock its running time is read
/// on.
///
/// `moments start` and `moments watch` make one on the embedded server or `--server`; the
/// showcase's composition makes one on the real `SyncServer` fed by a preview
/// storage and a preview clock, so `moments-showcase play` runs ``SessionShow`` without
/// knowing what a connection or a server is.
public struct SessionSource: Sendable {
    /// The connection the session is followed and moved through.
    let connection: any SyncConnection
    /// The session's id on that connection's server.
    let id: String
    /// The token its intents are sent with.
    let token: String
    /// What time it is, for the running time between pushes.
    let clock: any SyncClock

    /// Session `id` (sent intents with `token`) on `connection`, read on `clock`.
    public init(connection: any SyncConnection, id: String, token: String, clock: any SyncClock) {
        self.connection = connection
        self.id = id
        self.token = token
        self.clock = clock
    }

    /// What time it is on the session's clock.
    public func now() -> Date { clock.now() }
}
