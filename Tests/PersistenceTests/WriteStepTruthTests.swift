import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An answer is the truth at every write step (issue #26, ADR 0028): each step of a
/// collection's write — the journal's write and sync, the compaction's snapshot and
/// journal (their writes, syncs, renames, the folder's sync, the reopening) — is failed in
/// turn through ``FileFaults``. Whatever the step, a write answered as applied is in memory
/// and in the files after a crash; a write answered with an error is in neither, and the
/// next write succeeds without a restart.
///
/// The crash is `close()` and a reopen in this process: every write goes straight to the
/// system (nothing is buffered in the process), so the files then hold exactly what a
/// SIGKILL would leave. `moments serve` is killed for real in `AnswerTruthServeTests`.
@Suite(.blocking)
struct WriteStepTruthTests {
    /// What the write of the transaction that triggers a compaction must answer.
    enum Answer: Sendable { case applied, refused }

    /// One step to fail: which calls, on which file, and the answer the rule demands.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let step: FileFaults.Step
        /// The part of the path after the folder: the file the fault is for.
        let file: String
        let onCall: Int
        let times: Int
        let answer: Answer
        /// Whether the fault leaves a late failure to report.
        let late: Bool
        /// A second step failing on its first call too (a take-back that fails).
        var extra: (step: FileFaults.Step, file: String)?

        init(_ name: String, _ step: FileFaults.Step, _ file: String, call: Int = 1, times: Int = 1, _ answer: Answer, late: Bool = true) {
            self.name = name
            self.step = step
            self.file = file
            self.onCall = call
            self.times = times
            self.answer = answer
            self.late = late
        }

        var testDescription: String { name }

        /// Arms the fault (and its extra) for files in `folder`.
        func arm(in folder: String) -> [FileFaults.Handle] {
            var handles = [
                FileFaults.arm(step, onCall: onCall, times: times, pathContaining: folder + file, errno: Self.code(step))
            ]
            if let extra {
                handles.append(FileFaults.arm(extra.step, pathContaining: folder + extra.file, errno: Self.code(extra.step)))
            }
            return handles
        }

        /// A full disk for a write or a new file; an I/O error for the rest.
        static func code(_ step: FileFaults.Step) -> Int32 {
            step == .write || step == .open ? ENOSPC : EIO
        }
    }

    /// Every step of the write that triggers a compaction. The folder's syncs count from
    /// the snapshot's (1) to the journal's (2); a journal line's sync is the first sync
    /// of the journal itself.
    static let cases: [Case] = [
        Case("journal write", .write, "/server-state.journal.jsonl", .refused, late: false),
        Case("journal sync", .sync, "/server-state.journal.jsonl", .refused, late: false),
        Case("journal write, and its take-back", .write, "/server-state.journal.jsonl", .refused, late: false)
            .with(extra: (.truncate, "/server-state.journal.jsonl")),
        // The line is in the file, so it is applied; the compaction then makes it durable.
        Case("journal sync, and its take-back", .sync, "/server-state.journal.jsonl", .applied, late: false)
            .with(extra: (.truncate, "/server-state.journal.jsonl")),
        Case("snapshot open", .open, "/.server-state.snapshot.jsonl.tmp-", .applied),
        Case("snapshot write", .write, "/.server-state.snapshot.jsonl.tmp-", .applied),
        Case("snapshot sync", .sync, "/.server-state.snapshot.jsonl.tmp-", .applied),
        Case("snapshot rename", .rename, "/server-state.snapshot.jsonl", .applied),
        Case("folder sync after the snapshot", .folderSync, "", .applied),
        Case("new journal write", .write, "/.server-state.journal.jsonl.tmp-", .applied),
        Case("new journal sync", .sync, "/.server-state.journal.jsonl.tmp-", .applied),
        Case("journal rename", .rename, "/server-state.journal.jsonl", .applied),
        Case("folder sync after the journal", .folderSync, "", call: 2, .applied),
        Case("folder sync after the journal, and again before the next write", .folderSync, "", call: 2, times: 2, .applied),
        Case("reopening the new journal", .open, "/server-state.journal.jsonl", .applied),
        Case("reopening the new journal, and again at the next write", .open, "/server-state.journal.jsonl", times: 2, .applied),
    ]

    private func open(_ folder: TemporaryFolder) throws -> DocumentCollection<ServerRecordDouble> {
        try DocumentCollection.open(named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: 4)
    }

    @Test(arguments: cases)
    func aFailedStepIsAnsweredAsWhatACrashShows(_ fault: Case) throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            for version in 1...3 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            let handles = fault.arm(in: folder.url.path)
            defer { handles.forEach(FileFaults.disarm) }

            // The fourth transaction is the one that compacts.
            let answer: Answer
            do {
                try collection.put(ServerRecordDouble.make(version: 4), for: "a")
                answer = .applied
            } catch {
                answer = .refused
            }
            #expect(handles.allSatisfy { FileFaults.failures($0) > 0 }, "the fault was never hit")
            #expect(answer == fault.answer)
            let expected: UInt64 = answer == .applied ? 4 : 3
            #expect(collection.document(for: "a")?.version == expected, "memory after the answer")
            #expect((collection.lateFailure != nil) == fault.late)

            // The next write, with the fault spent or still there: applied if and only if answered so.
            let next: UInt64
            do {
                try collection.put(ServerRecordDouble.make(version: 5), for: "a")
                next = 5
            } catch {
                next = expected
            }
            #expect(collection.document(for: "a")?.version == next)
            handles.forEach(FileFaults.disarm)
            try collection.put(ServerRecordDouble.make(version: 6), for: "a")

            // The crash, then the restart.
            collection.close()
            let reopened = try open(folder)
            #expect(reopened.document(for: "a")?.version == 6)
            #expect(reopened.issues.isEmpty, "\(reopened.issues)")
            reopened.close()
        }
    }

    @Test(arguments: cases)
    func aCrashRightAfterTheAnswerKeepsWhatWasAnswered(_ fault: Case) throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            for version in 1...3 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            let handles = fault.arm(in: folder.url.path)
            let applied = (try? collection.put(ServerRecordDouble.make(version: 4), for: "a")) != nil
            handles.forEach(FileFaults.disarm)
            #expect(applied == (fault.answer == .applied))

            collection.close()
            let reopened = try open(folder)
            #expect(reopened.document(for: "a")?.version == (applied ? 4 : 3))
            reopened.close()
        }
    }

    @Test("a line whose sync failed and could not be taken back is applied, reported, and synced before the next")
    func anUnconfirmedLine() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let journal = folder.url.path + "/server-state.journal.jsonl"
            let sync = FileFaults.arm(.sync, pathContaining: journal, errno: EIO)
            let cut = FileFaults.arm(.truncate, pathContaining: journal, errno: EIO)
            try collection.put(ServerRecordDouble.make(version: 1), for: "a")
            #expect(collection.lateFailure == .fileSystem(path: journal, operation: .sync, code: EIO))
            #expect(collection.document(for: "a")?.version == 1)

            let syncs = FileFaults.calls(sync)
            try collection.put(ServerRecordDouble.make(version: 2), for: "a")
            // The repair's sync, then the line's own.
            #expect(FileFaults.calls(sync) == syncs + 2)
            FileFaults.disarm(sync)
            FileFaults.disarm(cut)
            collection.close()
            #expect(try open(folder).document(for: "a")?.version == 2)
        }
    }

    @Test("a disk that stays full for the compaction: every write is applied, the compaction is retried now and then, and done once there is room")
    func aCompactionThatKeepsFailing() throws {
        try TemporaryFolder.with { folder in
            let collection = try DocumentCollection.open(
                named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: 20)
            let full = FileFaults.arm(
                .write, times: .max, pathContaining: folder.url.path + "/.server-state.snapshot.jsonl.tmp-", errno: ENOSPC)
            defer { FileFaults.disarm(full) }
            for version in 1...60 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            #expect(collection.lateFailure == .diskFull(path: folder.url.path + "/server-state.snapshot.jsonl"))
            // Tried at 20, then every 2 transactions: 21 tries, not one per write after 20.
            #expect(FileFaults.failures(full) == 21)

            FileFaults.disarm(full)
            for version in 61...62 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            #expect(collection.lateFailure == nil)
            let journal = try folder.bytes("server-state.journal.jsonl")
            #expect(String(decoding: journal, as: UTF8.self).split(separator: "\n").count <= 2)
            collection.close()
            #expect(try open(folder).document(for: "a")?.version == 62)
        }
    }

    @Test(
        "a new journal renamed in, whose folder's sync then failed, is the one the next write goes to",
        arguments: [CompactionTiming.inTheWrite, .besideTheWrites])
    func aRenamedJournalIsWrittenNext(_ timing: CompactionTiming) throws {
        try TemporaryFolder.with { folder in
            // The twentieth transaction compacts, and a failed compaction is tried again two
            // transactions later: the write after it appends, with no compaction to repair it.
            let collection = try DocumentCollection.open(
                named: "server-state", in: folder.url, schema: ServerRecordDouble.schema, compactionThreshold: 20,
                compaction: timing)
            for version in 1...19 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            // The folder's first sync follows the snapshot's rename, its second the journal's.
            let fault = FileFaults.arm(.folderSync, onCall: 2, pathContaining: folder.url.path, errno: EIO)
            defer { FileFaults.disarm(fault) }
            try collection.put(ServerRecordDouble.make(version: 20), for: "a")
            collection.waitForCompaction()
            #expect(FileFaults.failures(fault) == 1)
            #expect(collection.lateFailure != nil)

            try collection.put(ServerRecordDouble.make(version: 21), for: "a")
            collection.close()
            let reopened = try open(folder)
            #expect(reopened.document(for: "a")?.version == 21)
            reopened.close()
        }
    }

    @Test("a journal left long by a full disk opens, and is compacted then")
    func aLongJournalOpens() throws {
        try TemporaryFolder.with { folder in
            let collection = try open(folder)
            let full = FileFaults.arm(
                .write, times: .max, pathContaining: folder.url.path + "/.server-state.snapshot.jsonl.tmp-", errno: ENOSPC)
            for version in 1...9 { try collection.put(ServerRecordDouble.make(version: UInt64(version)), for: "a") }
            collection.close()
            let stillFull = try open(folder)
            #expect(stillFull.document(for: "a")?.version == 9)
            #expect(stillFull.lateFailure != nil)
            stillFull.close()

            FileFaults.disarm(full)
            let roomy = try open(folder)
            #expect(roomy.document(for: "a")?.version == 9)
            #expect(roomy.lateFailure == nil)
            roomy.close()
        }
    }
}

extension WriteStepTruthTests.Case {
    /// A second fault armed with this one, on the same call: a take-back that fails too.
    func with(extra: (FileFaults.Step, String)) -> Self {
        var copy = self
        copy.extra = extra
        return copy
    }
}
