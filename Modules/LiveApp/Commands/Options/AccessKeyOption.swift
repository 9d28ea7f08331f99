import ArgumentParser
import SyncProtocol

/// `--key KEY` for `moments start --server` and `watch --server`: the person's access key for a
/// shared server (`moments serve --require-keys`). Without it, `MOMENTS_KEY`, then the
/// file `key` in the config folder (mode 0600), are used; a server of one person needs none.
struct AccessKeyOption: ParsableArguments {
    @Option(
        name: .customLong("key"),
        help: ArgumentHelp(
            "Your access key for a shared server (--server); else MOMENTS_KEY, else the file 'key' in the config folder.",
            valueName: "key"))
    var value: String?

    /// The key to send: `--key`, `MOMENTS_KEY`, then the saved file; `nil` when none is
    /// given (fine for a server that asks for none). A saved file others may read ends
    /// the command with how to fix it.
    func resolve(_ files: CommandFiles) throws -> String? {
        if let given = given(files) { return given }
        do {
            return try files.savedAccessKey()
        } catch {
            throw files.console.failure(error.description)
        }
    }

    /// The key ``resolve(_:)`` would send, or `nil` where it finds none or cannot trust the
    /// saved file, saying nothing: for a bar's followed sits, which may be on a server that
    /// asks for no key (the refusal of one that does keeps the sit off the bar).
    func resolvedQuietly(_ files: CommandFiles) -> String? {
        given(files) ?? (try? files.savedAccessKey()) ?? nil
    }

    /// `--key`, else `MOMENTS_KEY`, when either is given.
    private func given(_ files: CommandFiles) -> String? {
        if let value, !value.isEmpty { return value }
        if let key = files.environment["MOMENTS_KEY"], !key.isEmpty { return key }
        return nil
    }

    /// What to tell a person whose request a shared server refused for its key or limits;
    /// `nil` for any other error.
    static func advice(for error: SyncError, keyPath: String) -> String? {
        switch error {
        case .keyMissing:
            return "this server asks for your access key: pass --key KEY, set MOMENTS_KEY, or save it in \(keyPath) "
                + "(chmod 600). Its operator makes one with `moments keys add NAME`."
        case .keyRefused:
            return "this server does not know your access key, or it was revoked: ask its operator for a new one "
                + "(`moments keys add NAME`) and pass it with --key or MOMENTS_KEY."
        case .tooManyRequests(let retryAfter, let reason):
            return "\(reason); nothing was changed. Wait \(retryAfter) s and try again."
        default:
            return nil
        }
    }
}
