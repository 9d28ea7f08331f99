import Domain
import Fixtures
import Foundation
import Persistence
import SyncAuthority
import SyncJSONStore
import SyncProtocol
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An intent's answer is the truth at every write step (issue #26, ADR 0028), seen from
/// the server: a step of the JSON storage's write is failed through ``FileFaults`` while an
/// intent is being made durable. An intent answered as applied is what the server reads,
/// pushes and finds after a restart; one answered 503 ("nothing was applied") is in none
/// of them, and the next intent is decided without it.
@Suite("JSONSyncStorage answers the truth at every write step")
struct AnswerTruthTests {
    /// A step to fail while the third batch (the one that compacts) is written.
    struct Step: Sendable, CustomTestStringConvertible {
        let name: String
        let step: FileFaults.Step
        let file: String
        let onCall: Int
        let applied: Bool
        let code: Int32

        var testDescription: String { name }
    }

    static let steps: [Step] = [
        Step(name: "journal write", step: .write, file: "/server-state.journal.jsonl", onCall: 1, applied: false, code: ENOSPC),
        Step(name: "journal sync", step: .sync, file: "/server-state.journal.jsonl", onCall: 1, applied: false, code: EIO),
        Step(name: "snapshot write", step: .write, file: "/.server-state.snapshot.jsonl.tmp-", onCall: 1, applied: true, code: ENOSPC),
        Step(name: "journal rename", step: .rename, file: "/server-state.journal.jsonl", onCall: 1, applied: true, code: EIO),
        Step(name: "folder sync after the new journal", step: .folderSync, file: "", onCall: 2, applied: true, code: EIO),
    ]

    @Test(arguments: steps)
    func theAnswerIsWhatTheServerReadsPushesAndFindsAfterARestart(_ fault: Step) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("answer-truth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let locations = StoreLocations(singleDirectory: folder)
        let clock = PreviewClock()
        let problems = ProblemLog()
        let storage = try JSONSyncStorage(locations: locations, compactionThreshold: 3, onProblem: problems.add)
        let server = SyncServer(storage: storage, clock: clock)

        let created = try await server.create(SessionAttributesMother.makeAttributes(plannedSeconds: 600))
        let before = try await server.send(adjust("1", by: 60), to: created.id, token: created.token)
        let pushes = try await server.subscribe(to: created.id, token: created.token)

        let handle = FileFaults.arm(
            fault.step, onCall: fault.onCall, pathContaining: storage.collection.journalURL.deletingLastPathComponent().path + fault.file,
            errno: fault.code)
        let answered: ActivitySnapshot?
        do {
            answered = try await server.send(adjust("2", by: 60), to: created.id, token: created.token)
        } catch let error as SyncError {
            #expect(error.httpStatus == 503)
            #expect(error.description.contains("nothing was applied"))
            answered = nil
        }
        // The compaction runs beside the batches (ADR 0053): its steps are taken once it is done.
        storage.collection.waitForCompaction()
        #expect(FileFaults.failures(handle) == 1, "the fault was never hit")
        FileFaults.disarm(handle)
        #expect((answered != nil) == fault.applied)
        #expect(problems.count == (fault.applied ? 1 : 0), "\(problems.lines)")

        let afterAnswer = try await server.snapshot(of: created.id)
        #expect(afterAnswer == (answered ?? before))

        let last = try await server.send(adjust("3", by: 120), to: created.id, token: created.token)
        #expect(last.version == afterAnswer.version + 1)
        #expect(last.activity.content.targetTimeInSeconds == (afterAnswer.activity.content.targetTimeInSeconds ?? 0) + 120)

        var pushed: [ActivitySnapshot] = []
        for await push in pushes {
            pushed.append(push)
            if push.version == last.version { break }
        }
        #expect(pushed == [before] + (answered.map { [$0] } ?? []) + [last])

        await server.shutdown()
        storage.close()
        let reopened = try JSONSyncStorage(locations: locations)
        defer { reopened.close() }
        let restarted = SyncServer(storage: reopened, clock: clock)
        #expect(try await restarted.snapshot(of: created.id) == last)
        await restarted.shutdown()
    }

    private func adjust(_ id: String, by seconds: Double) throws -> IntentRequest {
        try IntentRequest(clientID: "a", intentID: id, intent: .adjustTarget(bySeconds: seconds))
    }
}

/// The problems a storage reported, in order.
private final class ProblemLog: Sendable {
    private let storage = Mutex<[String]>([])

    var lines: [String] { storage.withLock { $0 } }
    var count: Int { lines.count }

    @Sendable func add(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}
