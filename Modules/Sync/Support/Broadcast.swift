import Foundation

/// The streams handed out for one source of elements: each stream gets every element
/// yielded after it was made. Its owner (an actor) keeps it as a value and removes a
/// stream when its consumer stops, through the `remove` callback it gives.
struct Broadcast<Element: Sendable> {
    private var continuations: [UUID: AsyncStream<Element>.Continuation] = [:]

    /// How many streams are open.
    var count: Int { continuations.count }

    /// A new stream that starts with `initial` (if any), and ends at once when `finished`.
    /// Keeps the newest `buffering` elements for a consumer that falls behind: every element
    /// here is complete, so the newest is all a late consumer needs.
    mutating func stream(
        startingWith initial: Element?, finished: Bool, buffering: Int,
        remove: @escaping @Sendable (UUID) -> Void
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffering))
        if let initial { continuation.yield(initial) }
        if finished {
            continuation.finish()
        } else {
            let key = UUID()
            continuations[key] = continuation
            continuation.onTermination = { _ in remove(key) }
        }
        return stream
    }

    /// Sends an element to every open stream.
    func yield(_ element: Element) {
        for continuation in continuations.values { continuation.yield(element) }
    }

    /// Ends every stream.
    mutating func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations = [:]
    }

    /// Forgets a stream whose consumer stopped.
    mutating func remove(_ key: UUID) {
        continuations[key] = nil
    }
}
