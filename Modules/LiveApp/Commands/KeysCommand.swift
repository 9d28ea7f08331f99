import AccessKeys
import ArgumentParser
import Domain
import TerminalIO

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `moments keys add | list | revoke`: the people who may use a shared server
/// (`moments serve --require-keys`), each with a key of their own. Keys live hashed in the
/// server's state folder (`--data-dir`), so a revocation holds at the running server's
/// next request (ADR 0021).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Add, list and revoke the keys people use on a shared server (serve --require-keys).",
        discussion: ExitStatus.summary,
        subcommands: [Add.self, List.self, Revoke.self])

    /// `moments keys add NAME`: a new key, printed once.
    struct Add: LiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Make a key for a person and print it, once.",
            discussion: """
                Only the key's digest is kept: the key cannot be shown again. Give it to its \
                person, who passes it with --key or MOMENTS_KEY.

                \(ExitStatus.summary)
                """)

        @Argument(help: "Whose key: 1 to 64 letters, digits, '-', '_' or '.'.")
        var name: String

        @OptionGroup var database: DatabaseOption

        @OptionGroup var data: DataDirectoryOption

        func run(with dependencies: LiveDependencies) async throws {
            let console = dependencies.console
            let store = try await KeysCommand.store(dependencies, database, data)
            let made: (secret: String, record: AccessKeyRecord)
            do {
                made = try AccessKeyRecord.make(named: name, at: Date())
                try await store.add(made.record)
            } catch {
                throw console.failure(error.description, status: ExitStatus(storeFailure: error))
            }
            DescriptorOutput.write(
                "The key of \(name), shown only this once; give it to \(name), who passes it with --key or MOMENTS_KEY:\n",
                to: DescriptorOutput.standardError)
            console.say(made.secret)
        }
    }

    /// `moments keys list`: names and dates, never a key.
    struct List: LiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the keys: names, when made and last used.",
            discussion: ExitStatus.summary)

        @OptionGroup var database: DatabaseOption

        @OptionGroup var data: DataDirectoryOption

        func run(with dependencies: LiveDependencies) async throws {
            let console = dependencies.console
            let store = try await KeysCommand.store(dependencies, database, data)
            let keys: [AccessKeyRecord]
            do {
                keys = try await store.keys()
            } catch {
                throw console.failure(error.description, status: ExitStatus(storeFailure: error))
            }
            guard !keys.isEmpty else {
                console.say("No keys yet; make one with `moments keys add NAME`.")
                return
            }
            let width = max(4, keys.map(\.name.count).max() ?? 0)
            func pad(_ text: String) -> String { text + String(repeating: " ", count: width - text.count + 2) }
            console.say(pad("NAME") + "CREATED                   LAST USED")
            for key in keys {
                console.say(pad(key.name) + Instant.format(key.createdAt) + "  " + (key.lastUsedAt.map(Instant.format) ?? "never"))
            }
        }
    }

    /// `moments keys revoke NAME`: the key ends at once, on the running server too.
    struct Revoke: LiveCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke", abstract: "End a key at once: its next request, and its sessions', are refused (401).",
            discussion: ExitStatus.summary)

        @Argument(help: "The name the key was added with.")
        var name: String

        @OptionGroup var database: DatabaseOption

        @OptionGroup var data: DataDirectoryOption

        func run(with dependencies: LiveDependencies) async throws {
            let console = dependencies.console
            let store = try await KeysCommand.store(dependencies, database, data)
            let found: Bool
            do {
                found = try await store.revoke(named: name)
            } catch {
                throw console.failure(error.description, status: ExitStatus(storeFailure: error))
            }
            guard found else { throw console.failure("there is no key called '\(name)'; `moments keys list` shows them.") }
            console.say("Revoked the key of \(name).")
        }
    }

    /// The keys `moments keys` works on: the shared database's with `--database-url` (or
    /// `MOMENTS_DATABASE_URL`), else the data folder's keys file.
    static func store(
        _ dependencies: LiveDependencies, _ database: DatabaseOption, _ data: DataDirectoryOption
    ) async throws -> any AccessKeyStore {
        guard let url = database.url(in: dependencies.environment) else { return dependencies.keys(data.path) }
        do {
            return try await dependencies.sharedKeys(url)
        } catch {
            throw dependencies.console.failure(error.description, status: error.exitStatusOfAServer)
        }
    }
}
