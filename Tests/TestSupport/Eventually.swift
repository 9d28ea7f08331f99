/// Waits until `condition` holds, checked every 10 ms, for what no event announces (a
/// server noticing a closed socket, another process catching up).
///
/// It returns as soon as the condition holds, so the ceiling, `limit`, only bounds a hung
/// test and is generous (``Patience/hang``): a loaded machine is not what tests test, and a
/// speed is a benchmark's figure. When the ceiling comes first, it throws an error that
/// says where it waited and for how long, so a wait never gives up silently.
public func eventually(
    within limit: Duration = Patience.hang, fileID: String = #fileID, line: Int = #line,
    _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            throw NeverHeld(description: "the condition waited for at \(fileID):\(line) did not hold within \(limit)")
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}

/// A condition ``eventually(within:fileID:line:_:)`` waited for did not hold in time.
public struct NeverHeld: Error, CustomStringConvertible {
    /// Where it waited, and for how long.
    public let description: String
}
