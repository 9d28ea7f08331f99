import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An answer is the truth on a real full disk (issue #26, ADR 0028): a small tmpfs is
/// filled to within a few pages, and a collection is written while another file eats the
/// room left a little more after each write, until the disk refuses. Each run eats at
/// another pace, which moves the moment the disk runs out from one write step to the next
/// (the journal's line, the snapshot, the new journal). Every write answered as applied is
/// there after a crash and a reopen; every write answered with an error is not.
struct FullDiskTruthTests {
    /// Documents beside the one written: they make a snapshot larger than a journal line.
    static let keys = (0..<6).map { "activity-\($0)" }

    @Test(.enabled(if: ScratchMount.isAvailable, "mounting a small tmpfs needs root"))
    func everyAnswerOnAFillingDiskIsWhatAReopenFinds() throws {
        var appliedThenLate = 0
        for pace in stride(from: 300, through: 3_000, by: 300) {
            try ScratchMount.with(bytes: 1_024 * 1_024) { disk in
                appliedThenLate += try fill(disk, eating: pace)
            }
        }
        // At least one room size stopped the disk between a journal line and its compaction.
        #expect(appliedThenLate > 0)
    }

    /// Writes until the disk has refused a few times, eating `pace` bytes more of it after
    /// each write, then crashes, makes room and reopens; answers how many writes were
    /// applied with a late failure (a failed compaction).
    private func fill(_ disk: ScratchMount, eating pace: Int) throws -> Int {
        let collection = try DocumentCollection.open(
            named: "server-state", in: disk.url, schema: ServerRecordDouble.schema, compactionThreshold: 6)
        var answered: [String: UInt64] = [:]
        for key in Self.keys {
            try collection.put(ServerRecordDouble.make(version: 1, intents: 16), for: key)
            answered[key] = 1
        }
        let filler = disk.fill()
        let size = try FileManager.default.attributesOfItem(atPath: filler.path)[.size] as? Int ?? 0
        #expect(truncate(filler.path, off_t(max(0, size - 16 * 4_096))) == 0)
        let eater = open(filler.path, O_WRONLY | O_APPEND)
        let bite = [UInt8](repeating: 0x2E, count: pace)

        var refusals = 0
        var late = 0
        var version: UInt64 = 1
        while refusals < 3, version < 500 {
            version += 1
            let key = Self.keys[Int(version) % Self.keys.count]
            do {
                try collection.put(ServerRecordDouble.make(version: version, intents: 16), for: key)
                answered[key] = version
                if collection.lateFailure != nil { late += 1 }
            } catch {
                #expect(error == .diskFull(path: collection.journalURL.path))
                refusals += 1
            }
            #expect(collection.document(for: key)?.version == answered[key], "memory after the answer")
            _ = bite.withUnsafeBytes { write(eater, $0.baseAddress, $0.count) }
        }
        #expect(refusals == 3)

        collection.close()
        close(eater)
        try FileManager.default.removeItem(at: filler)
        let reopened = try DocumentCollection.open(named: "server-state", in: disk.url, schema: ServerRecordDouble.schema)
        defer { reopened.close() }
        for key in Self.keys {
            #expect(reopened.document(for: key)?.version == answered[key], "\(key), eating \(pace) bytes a write")
        }
        return late
    }
}
