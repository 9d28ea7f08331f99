import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A desktop of a test's own: a private session bus (`dbus-daemon --session`, with its own
/// configuration, in a temporary folder), a virtual X display (`Xvfb`, on a display it
/// picks itself) and a real notification server (`dunst`) on both. ``environment`` is what
/// a client needs to reach them; ``stop()`` ends all three and removes the folder.
///
/// `Scripts/prepare-tests` installs Debian's `dbus`, `xvfb` and `dunst`; without them
/// ``start(notificationServer:)`` throws a ``Failure`` that says so, so a test fails
/// rather than skipping silently.
///
/// ```swift
/// let desktop = try await DesktopSession.start()
/// defer { desktop.stop() }
/// let count = try desktop.dunstctl("count", "displayed")
/// ```
public final class DesktopSession: Sendable {
    /// The folder holding the bus's configuration and socket, dunst's and the logs.
    public let folder: URL
    /// `DBUS_SESSION_BUS_ADDRESS` of the private bus.
    public let busAddress: String
    /// `DISPLAY` of the virtual display (`:N`), or `nil` without a notification server.
    public let display: String?
    private let children: [Child]

    /// Something the desktop needs is missing, or did not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do about it.
        public let description: String
    }

    private init(folder: URL, busAddress: String, display: String?, children: [Child]) {
        self.folder = folder
        self.busAddress = busAddress
        self.display = display
        self.children = children
    }

    /// The variables a client of this desktop runs with.
    public var environment: [String: String] {
        var environment = ["DBUS_SESSION_BUS_ADDRESS": busAddress]
        if let display { environment["DISPLAY"] = display }
        return environment
    }

    /// Starts the bus, and unless `notificationServer` is false, Xvfb and dunst, waiting
    /// until dunst owns `org.freedesktop.Notifications`. `abstract` listens on an
    /// abstract socket rather than a file.
    public static func start(notificationServer: Bool = true, abstract: Bool = false) async throws -> DesktopSession {
        for program in ["dbus-daemon"] + (notificationServer ? ["Xvfb", "dunst", "dunstctl", "dbus-send"] : [])
        where !isInstalled(program) {
            throw Failure(description: "\(program) is not installed; run Scripts/prepare-tests (it installs Debian's dbus, xvfb and dunst)")
        }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("moments-desktop-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var children: [Child] = []
        do {
            let listen = abstract ? "unix:abstract=moments-test-\(UUID().uuidString.prefix(8))" : "unix:path=\(folder.path)/bus"
            try busConfiguration(listen: listen).write(to: folder.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
            children.append(try spawn("dbus-daemon", ["--config-file=\(folder.path)/bus.conf", "--nofork", "--print-address"], output: folder.appendingPathComponent("address"), environment: [:]))
            let address = try await firstLine(of: folder.appendingPathComponent("address"), from: children[0])
            guard notificationServer else { return DesktopSession(folder: folder, busAddress: address, display: nil, children: children) }
            children.append(try spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"], output: folder.appendingPathComponent("display"), environment: [:]))
            let display = ":" + (try await firstLine(of: folder.appendingPathComponent("display"), from: children[1]))
            try "[global]\n    history_length = 100\n    sticky_history = yes\n".write(
                to: folder.appendingPathComponent("dunstrc"), atomically: true, encoding: .utf8)
            let environment = ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display]
            children.append(try spawn("dunst", ["-config", folder.appendingPathComponent("dunstrc").path], output: folder.appendingPathComponent("dunst.log"), environment: environment))
            let desktop = DesktopSession(folder: folder, busAddress: address, display: display, children: children)
            do {
                try await eventually { (try? desktop.dunstctl("count", "displayed")) != nil || !children[2].isRunning }
                guard children[2].isRunning else {
                    throw Failure(description: "dunst exited at once: \((try? String(contentsOf: folder.appendingPathComponent("dunst.log.err"), encoding: .utf8)) ?? "")")
                }
            } catch {
                desktop.stop()
                throw error
            }
            return desktop
        } catch {
            for child in children { child.stop() }
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Runs `dunstctl` against this desktop's dunst; what it printed.
    public func dunstctl(_ arguments: String...) throws -> String {
        try ProcessRunner.run("dunstctl", arguments, environment: environment)
    }

    /// dunst's history (`dunstctl history`): each notification closed, newest first, as
    /// its fields' values (`id`, `summary`, `body`, `progress`, `urgency`, `appname`).
    public func history() throws -> [[String: String]] {
        let data = Data(try dunstctl("history").utf8)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let groups = root["data"] as? [[Any]], let entries = groups.first as? [[String: Any]]
        else { throw Failure(description: "dunstctl history printed no history") }
        return entries.map { entry in
            entry.compactMapValues { field in (field as? [String: Any])?["data"].map { "\($0)" } }
        }
    }

    /// Starts Debian's `dbus-monitor` on this bus, watching the messages `rules` match, and
    /// waits until it watches: what a person reads a bus with. Its output is
    /// ``BusMonitor/text``; stop it before the desktop.
    public func monitor(_ rules: [String]) async throws -> BusMonitor {
        guard Self.isInstalled("dbus-monitor") else {
            throw Failure(description: "dbus-monitor is not installed; run Scripts/prepare-tests (it installs Debian's dbus)")
        }
        let output = folder.appendingPathComponent("monitor-\(UUID().uuidString.prefix(8))")
        let child = try Self.spawn("dbus-monitor", ["--session"] + rules, output: output, environment: environment)
        let monitor = BusMonitor(child: child, output: output)
        // It prints the bus's first signals to it (NameAcquired, then NameLost as it becomes
        // a monitor) once it watches.
        try await eventually { !monitor.text.isEmpty || !child.isRunning }
        guard child.isRunning else {
            throw Failure(description: "dbus-monitor exited: \((try? String(contentsOf: URL(fileURLWithPath: output.path + ".err"), encoding: .utf8)) ?? "")")
        }
        return monitor
    }

    /// A `dbus-monitor` of the desktop's bus (``monitor(_:)``).
    public final class BusMonitor: Sendable {
        let child: Child
        let output: URL

        init(child: Child, output: URL) {
            self.child = child
            self.output = output
        }

        /// What it printed so far: every message watched, in `dbus-monitor`'s own format.
        public var text: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

        /// Ends it.
        public func stop() { child.stop() }
    }

    /// Ends dunst, Xvfb and the bus, and removes the folder.
    public func stop() {
        for child in children.reversed() { child.stop() }
        try? FileManager.default.removeItem(at: folder)
    }

    private static func busConfiguration(listen: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(listen)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// Whether `program` is an executable on the `PATH`.
    private static func isInstalled(_ program: String) -> Bool {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    /// A program of the desktop, started with `posix_spawn` and ended with SIGTERM and
    /// `waitpid`: Foundation's `Process` was seen to wait forever for a child that had
    /// exited when suites start processes in parallel (as PostgresServer notes).
    struct Child: Sendable {
        let pid: pid_t
        let name: String

        /// Whether it still runs (it is reaped if it has exited).
        var isRunning: Bool {
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) == 0
        }

        func stop() {
            guard isRunning else { return }
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// Starts `program` (found on the `PATH`) with `arguments` and `environment` added to
    /// this process's; standard output to `output`, standard error beside it (`.err`):
    /// dbus-daemon warns there, and the first line of its output must be its address alone.
    private static func spawn(_ program: String, _ arguments: [String], output: URL, environment: [String: String]) throws -> Child {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        SpawnedDescriptors.closeAllButStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(program): \(String(cString: strerror(result)))") }
        return Child(pid: pid, name: program)
    }

    /// The first line `child` writes to `file`, once it is there.
    private static func firstLine(of file: URL, from child: Child) async throws -> String {
        var line: String?
        try await eventually {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") { line = String(text[..<end]) }
            return line != nil || !child.isRunning
        }
        guard let line, !line.isEmpty else {
            throw Failure(description: "\(child.name) exited without printing its address: \((try? String(contentsOf: file, encoding: .utf8)) ?? "")")
        }
        return line
    }
}
