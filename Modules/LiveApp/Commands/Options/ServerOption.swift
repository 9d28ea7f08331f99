import ArgumentParser
import SyncProtocol

/// `--server URL`, any number of times: the sync server (`moments serve`) a session lives
/// on instead of the embedded one. Servers that share one database may be named in turn;
/// when one stops answering, the next is used.
struct ServerOption: ParsableArguments {
    @Option(
        name: .customLong("server"),
        help: ArgumentHelp(
            "The sync server (moments serve) to use instead of the embedded one. Give it more than once for servers "
                + "that share one database: when one stops answering, the next is used.",
            valueName: "url"))
    var addresses: [String] = []

    /// Every `--server`, as one text (``SyncProtocol/ServerAddresses``); `nil` for the embedded server.
    var server: String? { ServerAddresses.join(addresses) }

    /// Refuses, before anything is tried, an address that is none (``SyncProtocol/ServerAddresses/problem(with:)``).
    func validate() throws {
        for address in addresses.flatMap(ServerAddresses.split) {
            if let problem = ServerAddresses.problem(with: address) { throw ValidationError(problem) }
        }
    }
}
