import Domain
import Fixtures
import Foundation
import SyncClient
import SyncProtocol
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `moments serve --require-keys` as a real process, with its keys made and revoked by
/// `moments keys` in other processes while it runs: what a new user of a shared server
/// does (ADR 0021).
@Suite("moments serve --require-keys, as a process", .serialized, .takingTurns)
struct SharedServeProcessTests {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `moments ARGUMENTS --data-dir FOLDER`.
    func moments(_ arguments: [String], in folder: URL) throws -> BuiltProduct.Run {
        try BuiltProduct.run("moments", arguments + ["--data-dir", folder.path])
    }

    @Test("keys from `moments keys`: sessions kept apart, a revocation in another process holds at once, no secret logged")
    func keysEndToEnd() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let addAlice = try moments(["keys", "add", "alice"], in: folder)
        let addBob = try moments(["keys", "add", "bob"], in: folder)
        #expect(addAlice.status == 0 && addBob.status == 0)
        let alice = addAlice.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let bob = addBob.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(alice.hasPrefix("lmk_") && alice.count == 68 && alice != bob)

        // Stored hashed, 0600.
        let keysFile = folder.appendingPathComponent("keys.json")
        let stored = try String(contentsOf: keysFile, encoding: .utf8)
        #expect(!stored.contains(alice) && !stored.contains(bob))
        let mode = (try FileManager.default.attributesOfItem(atPath: keysFile.path)[.posixPermissions] as? Int) ?? 0
        #expect(mode == 0o600)

        let server = try ServerProcess(dataDirectory: folder, arguments: ["--require-keys", "--max-live-activities", "2"])
        var secrets = [alice, bob]
        do {
            // Without a key: 401, said plainly.
            await #expect(throws: SyncError.keyMissing) { try await HTTPSyncConnection(baseURL: server.baseURL).activities() }

            let asAlice = HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice)
            let asBob = HTTPSyncConnection(baseURL: server.baseURL, accessKey: bob)
            let mine = try await asAlice.createActivity(
                SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: .random())
            secrets.append(mine.token)
            #expect(try await asAlice.activities().map(\.id) == [mine.id])
            #expect(try await asBob.activities().isEmpty)
            await #expect(throws: SyncError.notFound(id: mine.id)) { try await asBob.activity(id: mine.id, token: bob) }
            await #expect(throws: SyncError.notFound(id: mine.id)) {
                try await asBob.send(try IntentRequest(clientID: "b", intentID: "1", intent: .finish), to: mine.id, token: bob)
            }
            await #expect(throws: SyncError.notFound(id: mine.id)) { try await asBob.events(of: mine.id, token: bob, after: nil) }
            #expect(try await asAlice.activity(id: mine.id, token: mine.token).version == 1)

            // At the limit of live sessions: 429, and nothing made.
            let second = try await asAlice.createActivity(
                SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: nil)
            secrets.append(second.token)
            await #expect {
                try await asAlice.createActivity(
                    SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: nil)
            } throws: { error in
                guard case SyncError.tooManyRequests(let retryAfter, _) = error else { return false }
                return retryAfter >= 1
            }
            #expect(try await asAlice.activities().count == 2)

            // `moments keys list` shows names and dates, never a key.
            let listed = try moments(["keys", "list"], in: folder)
            #expect(listed.status == 0 && listed.output.contains("alice") && listed.output.contains("bob"))
            #expect(!secrets.contains { listed.output.contains($0) || listed.errors.contains($0) })

            // Revoked in another process while the server runs: the next request is 401.
            let revoked = try moments(["keys", "revoke", "alice"], in: folder)
            #expect(revoked.status == 0)
            await #expect(throws: SyncError.keyRefused) { try await asAlice.activities() }
            await #expect(throws: SyncError.keyRefused) { try await asAlice.activity(id: mine.id, token: mine.token) }
            #expect(try await asBob.activities().isEmpty)
        }
        server.signal(SIGTERM)
        let status = server.waitForExit()
        #expect(status == 0)
        let said = server.everythingItSaid()
        #expect(said.contains("keys required"))
        for secret in secrets { #expect(!said.contains(secret), "the server's output holds a key or token") }
    }

    @Test(
        "a database URL of the wrong shape is input to correct: exit 1, the shape it must have, no password, no file made",
        arguments: [["serve", "--port", "0"], ["keys", "list"], ["keys", "add", "alice"]])
    func wrongDatabaseURL(command: [String]) throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for url in ["http://moments:s3cret@db/moments", "postgres://:s3cret@db/moments"] {
            let run = try moments(command + ["--database-url", url], in: folder)
            #expect(run.status == 1, "\(command) \(url): \(run.errors)")
            #expect(run.errors.contains("must look like postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"))
            #expect(!run.errors.contains("s3cret") && !run.output.contains("s3cret"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a keys file or a saved key that others may read is refused, saying how to fix it")
    func readableByOthers() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try moments(["keys", "add", "alice"], in: folder).status == 0)
        let keysFile = folder.appendingPathComponent("keys.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keysFile.path)
        let listed = try moments(["keys", "list"], in: folder)
        #expect(listed.status == 1)
        #expect(listed.errors.contains("chmod 600"))
        let served = try moments(["serve", "--require-keys", "--port", "0"], in: folder)
        #expect(served.status == 1)
        #expect(served.errors.contains("chmod 600"))

        // A person's saved key, in the config folder: refused the same way.
        let saved = folder.appendingPathComponent("key")
        try "lmk_0000\n".write(to: saved, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: saved.path)
        let started = try moments(["start", "1m", "--no-tty", "--server", "http://127.0.0.1:9"], in: folder)
        #expect(started.status == 1)
        #expect(started.errors.contains("chmod 600"))
    }

    @Test("start and watch --server say what to do without a key, with one the server does not know, and past the key's limit")
    func startSaysWhatToDo() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alice = try moments(["keys", "add", "alice"], in: folder).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(dataDirectory: folder, arguments: ["--require-keys", "--max-live-activities", "1"])
        defer {
            server.signal(SIGTERM)
            _ = server.waitForExit()
        }
        // The person's own folder, apart from the server's.
        let home = folder.appendingPathComponent("person")
        func start(_ extra: [String], key: String? = nil) throws -> BuiltProduct.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["MOMENTS_KEY"] = key
            return try BuiltProduct.run(
                "moments", ["start", "1m", "--no-tty", "--server", server.baseURL, "--data-dir", home.path] + extra,
                environment: environment)
        }

        let missing = try start([])
        #expect(missing.status != 0)
        #expect(missing.errors.contains("pass --key KEY, set MOMENTS_KEY"), "\(missing.errors)")
        let unknown = try start(["--key", "lmk_" + String(repeating: "0", count: 64)])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("does not know your access key"), "\(unknown.errors)")

        // Alice already has her one live session; the next start is 429, said with the wait.
        _ = try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice).createActivity(
            SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "elsewhere", idempotencyKey: .random())
        let limited = try start([], key: alice)
        #expect(limited.status != 0)
        #expect(limited.errors.contains("nothing was changed. Wait"), "\(limited.errors)")
        #expect(try await HTTPSyncConnection(baseURL: server.baseURL, accessKey: alice).activities().count == 1)
        for run in [missing, unknown, limited] { #expect(!run.errors.contains(alice) && !run.output.contains(alice)) }

        // watch --server takes the key the same ways: without one it says how to pass it;
        // with Alice's it is let in, and says she has no session of hers remembered there.
        func watch(_ extra: [String], key: String? = nil) throws -> BuiltProduct.Run {
            var environment = ProcessInfo.processInfo.environment
            environment["MOMENTS_KEY"] = key
            return try BuiltProduct.run(
                "moments", ["watch", "--no-tty", "--server", server.baseURL, "--data-dir", home.path] + extra,
                environment: environment)
        }
        let keyless = try watch([])
        #expect(keyless.status != 0 && keyless.errors.contains("pass --key KEY, set MOMENTS_KEY"), "\(keyless.errors)")
        let withKey = try watch(["--key", alice])
        #expect(withKey.status != 0 && withKey.errors.contains("no session of yours is running"), "\(withKey.errors)")
        #expect(!withKey.errors.contains(alice))
    }
}
