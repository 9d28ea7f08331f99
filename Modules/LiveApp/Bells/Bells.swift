import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
    import Glibc
#endif
import Sync

/// The bells of a session, rung by the terminal that owns it (never by a watcher, so
/// two terminals do not ring twice): at the start, every N minutes of time sat when the
/// settings ask for it, and at the end, with a desktop notification through `notify-send`
/// when it is installed and enabled. The `end-bell` setting silences the start bell too.
struct Bells {
    /// The person's settings.
    let settings: Settings
    /// Rings the terminal bell.
    let ring: () -> Void
    /// The interval bells already rung, as a count of intervals sat.
    private var intervalsRung: Int?
    private var ended = false

    init(settings: Settings, ring: @escaping () -> Void) {
        self.settings = settings
        self.ring = ring
    }

    /// The start: rung when this terminal began the session (not when it picked one up).
    func started() {
        if settings.endBell { ring() }
    }

    /// Looks at the session at `now`: rings an interval bell when a new interval has been
    /// sat, and the end bell (with the notification) when it has ended.
    mutating func observe(_ snapshot: ActivitySnapshot, at now: Date) {
        let content = snapshot.activity.content
        if let outcome = content.outcome {
            guard !ended else { return }
            ended = true
            guard outcome != .cancelled else { return }
            if settings.endBell { ring() }
            if settings.desktopNotification {
                let sat = timerDisplayFromSeconds(seconds: content.secondsElapsed, showSeconds: content.showSeconds)
                Self.notify(title: "Little Moments", body: "\(snapshot.activity.attributes.name.value) · \(sat) · done")
            }
            return
        }
        guard let minutes = settings.intervalBellMinutes else { return }
        let intervals = Int(content.elapsed(at: now) / Double(minutes * 60))
        defer { intervalsRung = intervals }
        if let rung = intervalsRung, intervals > rung { ring() }
    }

    /// Sends a desktop notification when `notify-send` is on the `PATH`; does nothing
    /// otherwise. It does not wait for it; a thread of Dispatch's reaps it when it exits,
    /// so no zombie is left behind.
    static func notify(title: String, body: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let tool = folders.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("notify-send").path })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return }
        guard let child = spawnQuietly(tool, arguments: ["--app-name=moments", title, body]) else { return }
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
