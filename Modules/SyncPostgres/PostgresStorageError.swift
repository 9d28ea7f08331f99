import PostgresNIO

/// What can go wrong with the PostgreSQL storage, in words a person running `moments serve`
/// can act on. No message holds a password, a key or a token: locations are shown by their
/// ``PostgresLocation/description``, and PostgreSQL's own errors by what the server said.
public enum PostgresStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The database URL does not read; the message says why and what shape it must have.
    case badLocation(String)
    /// The database could not be reached or refused us when the storage opened.
    case unreachable(location: String, reason: String)
    /// The database holds a schema newer than this program understands: a newer version of
    /// `moments` has used it. Nothing was changed.
    case schemaTooNew(location: String, found: Int, supported: Int)
    /// A query failed after the storage opened.
    case database(String)
    /// A row did not hold what this program wrote there.
    case unreadable(String)
    /// The database does not answer now (it is down, restarting or unreachable, or did not
    /// answer in time): nothing was done, and the same request is worth sending again soon.
    case unavailable(String)
    /// The database stopped answering inside a commit's transaction: the commit may have
    /// been applied. The storage hands it to the server as an `UnconfirmedCommit`.
    case unconfirmed(String)

    public var description: String {
        switch self {
        case .badLocation(let message):
            message
        case .unreachable(let location, let reason):
            "could not open the PostgreSQL database \(location): \(reason)"
        case .schemaTooNew(let location, let found, let supported):
            "the PostgreSQL database \(location) has schema version \(found), newer than the \(supported) this "
                + "version of moments understands; upgrade moments on this machine (nothing was changed)"
        case .database(let message):
            "PostgreSQL: \(message)"
        case .unreadable(let message):
            "PostgreSQL holds something moments cannot read: \(message)"
        case .unavailable(let reason):
            "PostgreSQL is not answering (\(reason)); try again in a moment"
        case .unconfirmed(let reason):
            "PostgreSQL stopped answering during a commit (\(reason)); the change may have been saved"
        }
    }

    /// A short account of a PostgresNIO error: the server's message and SQLSTATE, or the
    /// connection problem beneath. PostgresNIO's own descriptions hide everything (to keep
    /// secrets out of logs); this keeps what the server said, which holds no password.
    static func explain(_ error: any Error) -> String {
        switch error {
        case let error as PostgresStorageError:
            return error.description
        case let error as PostgresTransactionError:
            if let inner = error.beginError ?? error.closureError ?? error.commitError { return explain(inner) }
            return "a transaction failed"
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                return message + state
            }
            if let underlying = error.underlying { return "\(error.code): \(explain(underlying))" }
            return "\(error.code)"
        default:
            return String(describing: error)
        }
    }
}
