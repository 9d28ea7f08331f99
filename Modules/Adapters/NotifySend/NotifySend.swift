import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveApp

#if canImport(Glibc)
    import Glibc
#endif

/// The desktop's notifications through `notify-send` (libnotify's command, which speaks
/// to the notification server over D-Bus): the live app's ``LiveApp/DesktopNotifier``.
public struct NotifySend: DesktopNotifier {
    /// The environment `notify-send` is looked for in (its `PATH`).
    let environment: [String: String]

    /// Notifications through the `notify-send` on `environment`'s `PATH`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Sends a desktop notification when `notify-send` is on the `PATH`; does nothing
    /// otherwise. It does not wait for it; a thread of Dispatch's reaps it when it exits,
    /// so no zombie is left behind.
    public func notify(title: String, body: String) {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = folders.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("notify-send").path })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return }
        guard let child = Self.spawnQuietly(tool, arguments: ["--app-name=moments", title, body]) else { return }
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Starts `path` with `arguments`, its standard streams on `/dev/null`; its process id,
    /// or `nil` when it could not be started.
    private static func spawnQuietly(_ path: String, arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The child starts with no signal blocked: this process blocks its stop signals to
        // read them (SignalEvents), and a child would inherit that mask.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        guard posix_spawn(&child, path, &actions, &attributes, argv, environ) == 0 else { return nil }
        return child
    }
}
