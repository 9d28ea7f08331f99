import Synchronization

/// A value shared by concurrent test tasks, behind a lock; a class so closures can share it.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A lock around `value`.
    public init(_ value: Value) { mutex = Mutex(value) }

    /// Reads or changes the value under the lock.
    @discardableResult
    public func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }

    /// The value now.
    public var value: Value { mutex.withLock { $0 } }
}
