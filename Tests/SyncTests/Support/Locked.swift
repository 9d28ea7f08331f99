import Synchronization

/// A value shared by concurrent test tasks, behind a lock; a class so closures can share it.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    /// Reads or changes the value under the lock.
    @discardableResult
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }

    /// The value now.
    var value: Value { mutex.withLock { $0 } }
}
