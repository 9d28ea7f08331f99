import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real PostgreSQL server of a test's own: a fresh cluster in a temporary folder, on a
/// free port of 127.0.0.1, with trust authentication on loopback, stopped and removed by
/// ``stop()``. The storage tests run against it rather than against a double, because what
/// they prove (conditional writes, advisory locks, LISTEN/NOTIFY) is PostgreSQL's.
///
/// It uses the newest of Debian's `/usr/lib/postgresql/N/bin` (or `initdb` on the `PATH`);
/// `Scripts/prepare-tests` installs Debian's `postgresql` when it is missing. PostgreSQL
/// refuses to run as root, so under root the cluster belongs to the `postgres` system user
/// (Debian's package makes it), or to `nobody` when there is none.
///
/// ```swift
/// let pg = try PostgresServer.start()
/// defer { pg.stop() }
/// try pg.createDatabase("contract")
/// let url = pg.url(database: "contract")   // postgres://moments@127.0.0.1:PORT/contract
/// ```
public final class PostgresServer: Sendable {
    /// The database role every test connects as: the cluster's superuser.
    public static let role = "moments"

    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// The temporary folder (`/tmp/moments-pg-…`): the cluster (`data/`), its socket, its
    /// log, and `owner-pid`, the id of the test process that started it.
    public let folder: URL
    private let binaries: URL
    private let owner: String?

    /// PostgreSQL could not be found, or did not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do about it.
        public let description: String
    }

    /// Whether the storage tests should run: PostgreSQL is installed, or this is CI
    /// (`CI=true`), where a missing PostgreSQL must fail the tests rather than skip them.
    public static var shouldRun: Bool {
        (try? findBinaries()) != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Makes a cluster, starts it and waits until it accepts connections.
    ///
    /// - Throws: ``Failure`` naming what is missing or what PostgreSQL said.
    public static func start() throws -> PostgresServer {
        let binaries = try findBinaries()
        var lastFailure: (any Error)?
        // A free port can be taken between finding it and binding it: try a few.
        for _ in 0..<3 {
            do {
                return try PostgresServer(binaries: binaries, port: try freePort())
            } catch {
                lastFailure = error
            }
        }
        throw lastFailure ?? Failure(description: "PostgreSQL did not start")
    }

    private init(binaries: URL, port: Int) throws {
        self.binaries = binaries
        self.port = port
        owner = geteuid() == 0 ? Self.unprivilegedUser() : nil
        folder = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("moments-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Which test process made it: a cluster left running by a process that was killed
        // can then be stopped without touching another run's.
        try Data("\(getpid())\n".utf8).write(to: folder.appendingPathComponent("owner-pid"))
        do {
            if let owner, let user = getpwnam(owner) {
                guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                    throw Failure(description: "could not give \(folder.path) to \(owner): errno \(errno)")
                }
            }
            try runAsOwner(
                "initdb",
                ["--pgdata", dataFolder.path, "--username", Self.role, "--auth", "trust", "--encoding", "UTF8",
                 "--locale", "C", "--no-sync"])
            try runAsOwner(
                "pg_ctl",
                ["--pgdata", dataFolder.path, "--log", folder.appendingPathComponent("server.log").path, "--wait",
                 "--timeout", "60", "--options", Self.serverOptions(port: port, socketFolder: folder.path), "start"])
        } catch {
            let log = (try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
            remove()
            throw Failure(description: "PostgreSQL did not start on port \(port): \(error)\n\(log)")
        }
    }

    /// `postgres://moments@127.0.0.1:PORT/DATABASE`: what a storage is opened with.
    public func url(database: String) -> String {
        "postgres://\(Self.role)@127.0.0.1:\(port)/\(database)"
    }

    /// Creates an empty database.
    public func createDatabase(_ name: String) throws {
        _ = try psql("CREATE DATABASE \"\(name)\"", database: "postgres")
    }

    /// Runs SQL with `psql` in `database` and answers what it printed: rows one a line,
    /// columns separated by `|`, no headers. For tests that look at or change the tables
    /// behind a storage's back.
    @discardableResult
    public func psql(_ sql: String, database: String) throws -> String {
        try Self.spawn(
            [binaries.appendingPathComponent("psql").path,
             "--no-psqlrc", "--quiet", "--tuples-only", "--no-align", "--set", "ON_ERROR_STOP=1",
             "--host", "127.0.0.1", "--port", String(port), "--username", Self.role, "--dbname", database,
             "--command", sql])
    }

    /// Stops the server at once (open connections are cut) and removes its folder.
    public func stop() {
        _ = try? runAsOwner("pg_ctl", ["--pgdata", dataFolder.path, "--mode", "fast", "--wait", "stop"])
        remove()
    }

    /// How `pg_ctl` stops the server (its `--mode`).
    public enum ShutdownMode: String, Sendable {
        /// Waits for every client to disconnect.
        case smart
        /// Rolls back open transactions and cuts every connection (`57P01`): what an
        /// operator's restart does, and what issue #26 met.
        case fast
        /// Stops at once, without a clean shutdown (crash recovery at the next start).
        case immediate
    }

    /// Restarts the server (`pg_ctl restart --mode MODE --wait`): it is down for a moment,
    /// every connection is cut, and it accepts connections again when this returns.
    public func restart(mode: ShutdownMode = .fast) throws {
        try runAsOwner(
            "pg_ctl",
            ["--pgdata", dataFolder.path, "--log", logFile.path, "--mode", mode.rawValue, "--wait", "--timeout", "60",
             "--options", Self.serverOptions(port: port, socketFolder: folder.path), "restart"])
    }

    /// Stops the server but keeps its cluster, for ``resume()``: a database that is down.
    public func pause(mode: ShutdownMode = .fast) throws {
        try runAsOwner("pg_ctl", ["--pgdata", dataFolder.path, "--mode", mode.rawValue, "--wait", "stop"])
    }

    /// Starts a server stopped by ``pause(mode:)`` again; returns once it accepts connections.
    public func resume() throws {
        try runAsOwner(
            "pg_ctl",
            ["--pgdata", dataFolder.path, "--log", logFile.path, "--wait", "--timeout", "60",
             "--options", Self.serverOptions(port: port, socketFolder: folder.path), "start"])
    }

    private var dataFolder: URL { folder.appendingPathComponent("data", isDirectory: true) }
    private var logFile: URL { folder.appendingPathComponent("server.log") }

    private func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs one of PostgreSQL's programs, as the cluster's owner when we are root.
    private func runAsOwner(_ program: String, _ arguments: [String]) throws {
        let path = binaries.appendingPathComponent(program).path
        _ = try Self.spawn(owner.map { ["runuser", "-u", $0, "--", path] + arguments } ?? [path] + arguments)
    }

    /// Runs a program to its end and answers what it printed; a non-zero exit throws with
    /// everything it said.
    ///
    /// Spawned and waited for with `posix_spawnp` and `waitpid`, its output in a file,
    /// rather than with Foundation's `Process` and a pipe: `pg_ctl start` leaves a server
    /// running behind it, and suites start their servers in parallel, which is where
    /// `Process` was seen to wait forever for a child that had already exited.
    private static func spawn(_ arguments: [String]) throws -> String {
        let output = URL(fileURLWithPath: "/tmp/moments-pg-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        SpawnedDescriptors.closeAllButStandard(&actions)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "could not run \(arguments[0]): errno \(spawned)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, spelled out: the macros do not reach Swift.
        let exited = status & 0x7F == 0
        guard exited, (status >> 8) & 0xFF == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (status \(status)):\n\(text)")
        }
        return text
    }

    /// Settings for a small, quick server: loopback only, its socket in its own folder, few
    /// buffers; durability stays as in production (`fsync` and `synchronous_commit` on).
    private static func serverOptions(port: Int, socketFolder: String) -> String {
        [
            "-p \(port)", "-k \(socketFolder)", "-c listen_addresses=127.0.0.1", "-c shared_buffers=16MB",
            "-c max_connections=60", "-c synchronous_commit=on", "-c log_min_messages=warning",
        ].joined(separator: " ")
    }

    /// The folder of PostgreSQL's programs: the newest `/usr/lib/postgresql/N/bin`, else
    /// the folder of `initdb` on the `PATH`.
    private static func findBinaries() throws -> URL {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { name in Int(name).map { (number: $0, name: name) } }
            .sorted { $0.number > $1.number }
        for version in versions {
            let bin = URL(fileURLWithPath: "\(root)/\(version.name)/bin", isDirectory: true)
            if FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("initdb").path) { return bin }
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let initdb = URL(fileURLWithPath: String(folder)).appendingPathComponent("initdb")
            if FileManager.default.isExecutableFile(atPath: initdb.path) {
                return initdb.resolvingSymlinksInPath().deletingLastPathComponent()
            }
        }
        throw Failure(
            description: "PostgreSQL is not installed (no \(root)/N/bin/initdb and no initdb on the PATH); "
                + "run Scripts/prepare-tests, or: apt-get install postgresql")
    }

    /// The system user that owns the cluster when the tests run as root.
    private static func unprivilegedUser() -> String {
        getpwnam("postgres") != nil ? "postgres" : "nobody"
    }

    /// A port of 127.0.0.1 that nothing listens on now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "could not find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
