import Logging

/// How much `moments serve` says on standard error: swift-log's levels, by the names
/// `--log-level` takes, so that a command can choose one without depending on swift-log.
/// At ``debug`` every request gets one line: method, path, status and duration.
public enum ServerLogLevel: String, CaseIterable, Sendable {
    /// Everything, swift-log's and Hummingbird's own tracing included.
    case trace
    /// A line per request, and the lifecycle.
    case debug
    /// The lifecycle and the warnings: the default.
    case info
    /// What an operator should notice.
    case notice
    /// What went wrong but was handled.
    case warning
    /// What failed.
    case error
    /// Only what stops the server.
    case critical

    /// swift-log's level of the same name.
    public var level: Logger.Level {
        switch self {
        case .trace: return .trace
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        case .critical: return .critical
        }
    }

    /// The logger of a `moments serve` at this level, on standard error (``ServerLogHandler``).
    public func logger(label: String = "little-moments.sync") -> Logger {
        var logger = Logger(label: label) { ServerLogHandler(label: $0) }
        logger.logLevel = level
        return logger
    }
}
