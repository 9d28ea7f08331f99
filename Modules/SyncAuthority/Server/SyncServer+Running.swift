#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// The server's own work, the clock rules and the change feed, as children of its owner's
/// task (ADR 0070): ``run()`` does it until it is cancelled or the server shuts down, and
/// nothing of it outlives that call.
extension SyncServer {
    /// Runs the server's own work until the task is cancelled or ``shutdown()``: first the
    /// clock rules for what came due while no server ran, then each run at the storage's
    /// next deadline, and the changes other servers sharing the storage commit (its change
    /// feed), pushed to the subscribers here.
    ///
    /// Requests are answered whether or not it runs; a server nobody runs never advances a
    /// session on its own and hears no other server's changes. `moments serve` runs it as
    /// the first service of its group (`SyncHTTP.ServerRun`), the embedded server in its own
    /// group, a test or a preview in ``running(isolation:_:)``.
    ///
    /// It runs once: the change feed it takes in is one stream, heard from the server's
    /// making, and the storage's own work runs once too (`SyncStorage.run()`). A second
    /// call, during the run or after it, returns at once.
    public func run() async {
        guard !hasRun, !isShutDown else { return }
        hasRun = true
        await withDiscardingTaskGroup { group in
            let (changes, storage) = (feedChanges, storage)
            // The storage's own work (a shared database's change feed), then the listener of
            // what it brings.
            group.addTask { await storage.run() }
            group.addTask { [weak self] in
                for await snapshot in changes {
                    guard let self else { return }
                    await self.absorbFromFeed(snapshot)
                }
            }
            await keepTheClock()
            // Shut down or cancelled: the feed's listener goes with the clock.
            group.cancelAll()
        }
    }

    /// Runs `body` while this server runs (``run()``), then shuts the server down and ends
    /// the run: the scope of a test, a preview or a one-off command.
    public func running<Success, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Success
    ) async throws(Failure) -> Success {
        let outcome = await withDiscardingTaskGroup(returning: Result<Success, Failure>.self) { group in
            group.addTask { await self.run() }
            let outcome: Result<Success, Failure>
            do throws(Failure) {
                outcome = .success(try await body())
            } catch {
                outcome = .failure(error)
            }
            await shutdown()
            group.cancelAll()
            return outcome
        }
        return try outcome.get()
    }

    /// The clock: runs the rules now, then sleeps until the scheduled deadline, woken early
    /// when a change moves it (``scheduleIfEarlier(_:)``), until shutdown or cancellation.
    private func keepTheClock() async {
        await tick()
        while !Task.isCancelled, !isShutDown {
            if await sleepUntilDeadlineOrMoved() { await tick() }
        }
    }

    /// Sleeps until the scheduled deadline (forever when there is none), racing that sleep
    /// against the deadline's moving: the one that ends first cancels the other. `true`:
    /// the deadline came.
    private func sleepUntilDeadlineOrMoved() async -> Bool {
        let (moved, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        clockMoved = continuation
        defer { clockMoved = nil }
        let deadline = scheduledDeadline
        let clock = self.clock
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in moved { break }
                return false
            }
            if let deadline {
                group.addTask {
                    do {
                        try await clock.sleep(until: deadline)
                        return true
                    } catch {
                        return false
                    }
                }
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
