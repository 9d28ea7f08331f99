/// Waits until `condition` holds, checked every 10 ms, for what no event announces (a
/// server noticing a closed socket, another process catching up); throws after `limit`.
public func eventually(within limit: Duration = .seconds(5), _ condition: () async -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !(await condition()) {
        guard ContinuousClock.now < deadline else {
            struct NeverHeld: Error {}
            throw NeverHeld()
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
