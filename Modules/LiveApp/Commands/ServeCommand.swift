import ArgumentParser
import Sync
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve`: the sync server on its own, over HTTP, for other terminals.
///
/// The live composition assembles the server on the person's durable state (the same
/// assembly the embedded default uses), so a restart, even after SIGKILL, loses no
/// answered intent. SIGTERM and SIGINT close every event stream and exit 0.
struct ServeCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the sync server over HTTP, so other terminals can start and watch sessions.",
        discussion: """
            Binds to 127.0.0.1 unless --host names another address. Use --port 0 for any free \
            port; the first line printed says where it listens.
            """)

    @Option(help: "The address to listen on. Anything but a loopback address is reachable from other machines.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 for any free port).")
    var port = SyncHTTPServer.defaultPort

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be from 0 to 65535, not \(port).")
        }
    }

    func run(with dependencies: LiveDependencies) async throws {
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            Console.warn("listening on \(host): other machines can reach this server; anyone with a token can change its sessions.")
        }
        let assembled: any AssembledServer
        do {
            assembled = try await dependencies.assembleServer(data.path)
        } catch {
            throw Console.failure(error.description)
        }
        let (host, port, folder) = (self.host, self.port, assembled.stateFolder)
        // SIGTERM and SIGINT belong to the server's graceful shutdown, which watches them
        // itself: watched here, they are not taken for an interruption.
        let shutdownSignals = SignalEvents.stream([SIGTERM, SIGINT])
        let draining = Task { for await _ in shutdownSignals {} }
        defer { draining.cancel() }
        do {
            try await SyncHTTPServer(server: assembled.server, host: host, port: port).run { port in
                Console.say("moments serve: listening on http://\(host):\(port) (state in \(folder))")
            }
        } catch {
            await assembled.close()
            throw Console.failure("the server stopped: \(error). Is port \(port) already in use? Try --port 0.")
        }
        await assembled.close()
    }
}
