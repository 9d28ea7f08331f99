import Logging
import ServiceLifecycle
import Synchronization

/// The process's one `ServiceGroup`: the command a person ran, and every long-lived task
/// that command starts beyond its own scope (the embedded server, which lives from a
/// session's start to its hand-over), are services of this group and children of its run
/// (ADR 0071).
///
/// The command is the group's first service; when it returns, the group shuts down
/// gracefully, so whatever a command left running (a server no hand-over took) stops in the
/// reverse of the order it started, and nothing outlives the run.
public enum ProcessServices {
    /// Runs `command` as the first service of a new group, handing it that group so it can
    /// add its long-lived services; answers the command's exit status once every service
    /// has stopped.
    ///
    /// The group traps no signal: the app's own `SignalEvents` decides what a
    /// stop signal means (a screen's interruption, a server's graceful shutdown).
    public static func run(
        logger: Logger = Logger(label: "little-moments.process", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ command: @escaping @Sendable (ServiceGroup) async -> Int32
    ) async -> Int32 {
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [ServiceGroupConfiguration.ServiceConfiguration](), logger: logger))
        let outcome = Outcome()
        // The group has not started, so the command becomes its first service.
        await group.addServiceUnlessShutdown(
            ServiceGroupConfiguration.ServiceConfiguration(
                service: Command(group: group, command: command, outcome: outcome), successTerminationBehavior: .gracefullyShutdownGroup))
        do {
            try await group.run()
        } catch {
            logger.error("a service of the process stopped it: \(error)")
        }
        return outcome.status.withLock { $0 }
    }

    /// The command's exit status, kept for ``run(logger:_:)`` to answer.
    private final class Outcome: Sendable {
        let status = Mutex<Int32>(0)
    }

    /// The command, as a service of the group it is handed.
    private struct Command: Service {
        let group: ServiceGroup
        let command: @Sendable (ServiceGroup) async -> Int32
        let outcome: Outcome

        func run() async throws {
            let status = await command(group)
            outcome.status.withLock { $0 = status }
        }
    }
}
