#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The subscribers of one source of elements: each gets every element yielded after it was
/// added, in order, synchronously on the owner's executor. Its owner (an actor) keeps it as
/// a value and removes a subscriber when its consumer stops.
///
/// A subscriber is a ``Sink``, not only an `AsyncStream`: the server's event streams hand a
/// snapshot's encoded bytes to the connection's event loop right here (`EventStream`), so
/// a push reaches each HTTP response without a task of its own in between.
public struct Broadcast<Element: Sendable> {
    /// One subscriber: what to do with an element, and with the end.
    public struct Sink: Sendable {
        /// Takes one element; must not block.
        public let yield: @Sendable (Element) -> Void
        /// Takes the end of the elements.
        public let finish: @Sendable () -> Void

        /// A sink that feeds `continuation`.
        public init<Output>(_ continuation: AsyncStream<Output>.Continuation, transform: @escaping @Sendable (Element) -> Output) {
            yield = { continuation.yield(transform($0)) }
            finish = { continuation.finish() }
        }

        /// A sink of two closures.
        public init(yield: @escaping @Sendable (Element) -> Void, finish: @escaping @Sendable () -> Void) {
            self.yield = yield
            self.finish = finish
        }

        /// A sink that feeds a throwing stream's `continuation` as it is: what a
        /// connection's event stream is, with no relay in between.
        public init(throwing continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
            yield = { continuation.yield($0) }
            finish = { continuation.finish() }
        }

        /// A sink that feeds a throwing stream's `continuation` and ends it with `overflow`
        /// when its buffer is full: a reader that fell that far behind starts again from
        /// the newest states rather than missing some.
        public init(throwing continuation: AsyncThrowingStream<Element, any Error>.Continuation, endingWith overflow: any Error) {
            yield = { element in
                if case .dropped = continuation.yield(element) { continuation.finish(throwing: overflow) }
            }
            finish = { continuation.finish() }
        }
    }

    private var sinks: [UUID: Sink] = [:]

    /// A broadcast with no sinks yet.
    public init() {}

    /// How many subscribers are open.
    public var count: Int { sinks.count }

    /// Adds a subscriber; the key removes it.
    public mutating func add(_ sink: Sink) -> UUID {
        let key = UUID()
        sinks[key] = sink
        return key
    }

    /// A new stream that starts with `initial` (if any), and ends at once when `finished`.
    /// Keeps the newest `buffering` elements for a consumer that falls behind: every element
    /// here is complete, so the newest is all a late consumer needs.
    public mutating func stream(
        startingWith initial: Element?, finished: Bool, buffering: Int,
        remove: @escaping @Sendable (UUID) -> Void
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffering))
        if let initial { continuation.yield(initial) }
        if finished {
            continuation.finish()
        } else {
            let key = add(Sink(continuation) { $0 })
            continuation.onTermination = { _ in remove(key) }
        }
        return stream
    }

    /// Sends an element to every subscriber.
    public func yield(_ element: Element) {
        for sink in sinks.values { sink.yield(element) }
    }

    /// Ends every subscriber.
    public mutating func finish() {
        for sink in sinks.values { sink.finish() }
        sinks = [:]
    }

    /// Forgets a subscriber whose consumer stopped.
    public mutating func remove(_ key: UUID) {
        sinks[key] = nil
    }
}
