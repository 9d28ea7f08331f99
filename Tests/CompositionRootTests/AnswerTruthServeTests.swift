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

/// Issue #26, item 3, as it was reported: `moments serve` on a real tmpfs that fills
/// exactly between a journal append and the compaction after it. The intent whose line is
/// durable is answered 200 (not 503 "nothing was applied"); the intents after it that
/// find no room are answered 503 and are nowhere after a SIGKILL and a restart; the
/// restarted server holds exactly the newest version answered.
@Suite("moments serve on a disk that fills: every answer is the truth", .serialized, .takingTurns)
struct AnswerTruthServeTests {
    /// Activities beside the one the intents go to: they make the snapshot several pages
    /// larger than one journal line, so a disk with room for the line has none for it.
    static let bystanders = 40
    /// The JSON storage compacts after this many transactions (its default threshold).
    static let compactionThreshold = 1_000

    @Test(
        "full between the append and the compaction: 200 for the durable intent, 503 after, the same after SIGKILL",
        .enabled(if: FullDiskTests.canMount, "mounting a small tmpfs needs root"),
        .timeLimit(.minutes(2)))
    func fullBetweenAppendAndCompaction() async throws {
        let mount = try FullMount(bytes: 16 * 1_024 * 1_024)
        defer { mount.unmount() }
        let data = mount.url.appendingPathComponent("data")
        let server = try ServerProcess(dataDirectory: data)
        let connection = HTTPSyncConnection(baseURL: server.baseURL, attempts: 1)
        let created = try await connection.createActivity(
            SessionAttributesMother.makeAttributes(plannedSeconds: 3_600), showSeconds: true, clientID: "test",
            idempotencyKey: nil)
        for _ in 0..<Self.bystanders {
            _ = try await connection.createActivity(
                SessionAttributesMother.makeAttributes(), showSeconds: true, clientID: "test", idempotencyKey: nil)
        }
        // One transaction short of the compaction.
        var step = 0
        var newest = created.state
        let journal = try #require(Self.journal(in: data))
        // One intent at a time: each is one transaction.
        for _ in try Self.transactions(in: journal)..<(Self.compactionThreshold - 1) {
            step += 1
            newest = try await connection.send(Self.adjust(step), to: created.id, token: created.token)
        }
        #expect(try Self.transactions(in: journal) == Self.compactionThreshold - 1)

        // Room for the next journal line (one page more than it takes), none for the snapshot.
        let line = try Self.lastLineLength(of: journal)
        mount.fill()
        let room = (line / 4_096 + 2) * 4_096
        let filled = try FileManager.default.attributesOfItem(atPath: mount.filler.path)[.size] as? Int ?? 0
        #expect(truncate(mount.filler.path, off_t(max(0, filled - room))) == 0)

        step += 1
        let compacting = try await connection.send(Self.adjust(step), to: created.id, token: created.token)
        #expect(compacting.version == newest.version + 1, "the durable intent is answered as applied")
        newest = compacting

        var refused = 0
        while refused < 3, step < 1_500 {
            step += 1
            let request = try Self.adjust(step)
            do {
                newest = try await connection.send(request, to: created.id, token: created.token)
            } catch {
                #expect(error.httpStatus == 503)
                #expect(error.description.contains("nothing was applied"), "\(error)")
                refused += 1
            }
        }
        #expect(refused == 3, "the disk never refused a journal line")
        #expect(try await connection.activity(id: created.id) == newest, "memory holds what was answered")
        // The compaction runs beside the writes: its failure is said once it has been tried,
        // which on a loaded machine may come after the answers.
        try await eventually { server.errorsSoFar().contains("a step after it failed") }

        server.signal(SIGKILL)
        try await eventually { !server.process.isRunning }
        _ = server.waitForExit()
        let said = server.everythingItSaid()
        #expect(said.contains("a step after it failed"), "\(said)")
        try FileManager.default.removeItem(at: mount.filler)

        let restarted = try ServerProcess(dataDirectory: data)
        defer {
            restarted.signal(SIGTERM)
            _ = restarted.waitForExit()
        }
        let after = HTTPSyncConnection(baseURL: restarted.baseURL, attempts: 1)
        #expect(try await after.activity(id: created.id) == newest, "after SIGKILL: exactly the newest answered")
        let next = try await after.send(Self.adjust(step + 1), to: created.id, token: created.token)
        #expect(next.version == newest.version + 1)
    }

    static func adjust(_ step: Int) throws -> IntentRequest {
        try IntentRequest(clientID: "test", intentID: "\(step)", intent: .adjustTarget(bySeconds: 1))
    }

    /// The server's journal under `data`.
    static func journal(in data: URL) -> URL? {
        let files = FileManager.default.enumerator(at: data, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent == "server-state.journal.jsonl" { return file }
        }
        return nil
    }

    /// How many transactions the journal holds: its lines after the header.
    static func transactions(in journal: URL) throws -> Int {
        try Data(contentsOf: journal).split(separator: 0x0A).count - 1
    }

    /// The length of the journal's last line, newline included.
    static func lastLineLength(of journal: URL) throws -> Int {
        let lines = try Data(contentsOf: journal).split(separator: 0x0A)
        return (lines.last?.count ?? 0) + 1
    }
}
