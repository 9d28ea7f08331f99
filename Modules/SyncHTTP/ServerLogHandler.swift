import Logging

/// swift-log's `StreamLogHandler` on standard error, but for when it formats a logger's
/// metadata: when a line is written, not each time a key is set.
///
/// Hummingbird sets a request id on every request's logger, and `StreamLogHandler` turns
/// all of a logger's metadata into text whenever a key is set: at the default level, where
/// no line is written for a request, that was 5 % of `moments serve`'s CPU time under load
/// (issue 25). The lines are the ones `StreamLogHandler` writes; the logger's own metadata
/// goes with each line as the line's, so a metadata provider's values no longer replace it
/// (`moments serve` has none).
struct ServerLogHandler: LogHandler {
    private var stream: StreamLogHandler
    /// The logger's metadata, as it was set.
    var metadata: Logger.Metadata = [:]

    /// A handler writing to standard error for the logger `label`.
    init(label: String) {
        stream = .standardError(label: label)
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty {
            event.metadata = metadata.merging(event.metadata ?? [:]) { _, explicit in explicit }
        }
        stream.log(event: event)
    }
}

extension SyncHTTPServer {
    /// The logger `moments serve` writes with: lines of `ServerLogHandler` on standard
    /// error, from `level` up (`debug`: a line per request).
    public static func logger(level: Logger.Level, label: String = "little-moments.sync") -> Logger {
        var logger = Logger(label: label) { ServerLogHandler(label: $0) }
        logger.logLevel = level
        return logger
    }
}
