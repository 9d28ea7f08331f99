import Dispatch

/// Keeps dispatch sources alive for as long as the stream they feed, and cancels them
/// when it ends: what an `AsyncStream`'s `onTermination` holds on to.
final class DispatchSources: Sendable {
    // Sources are thread-safe objects that are only cancelled here.
    nonisolated(unsafe) private let sources: [any DispatchSourceProtocol]

    init(_ sources: [any DispatchSourceProtocol]) { self.sources = sources }

    func cancel() { for source in sources { source.cancel() } }
}
