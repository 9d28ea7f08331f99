import Dispatch
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The records of a history's lines, read in parts on as many cores as help: what
/// ``HistoryLoader`` makes of the lines after the header (ADR 0061).
///
/// Each line is read on its own, so a long history is cut into consecutive parts read at
/// once, each with its own reader and decoder, and the parts are joined in order: the
/// answer is the one reading the lines one after the other gives.
struct HistoryLines {
    /// The records read, in the order of their lines.
    var records: [SessionRecord] = []
    /// The lines of the records read, to write back when the file is repaired; kept only
    /// when asked (a file in the current version).
    var kept: [Data] = []
    /// How many lines could not be read.
    var skipped = 0
    /// The first line that could not be read and why, as `line N: reason`.
    var firstProblem: String?

    /// Fewer lines than this per part are not worth a thread.
    private static let linesPerPart = 20_000

    /// Reads `lines` of a file in `version`, the first being the file's line 2 (after the
    /// header); keeps the lines of the records read when `keep`.
    static func read(
        _ lines: [Data], version: Int, schema: DocumentSchema<SessionRecord>, keep: Bool
    ) -> HistoryLines {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, lines.count / linesPerPart))
        guard parts > 1 else { return read(lines[...], version: version, schema: schema, keep: keep) }
        let size = (lines.count + parts - 1) / parts
        let read = [HistoryLines](unsafeUninitializedCapacity: parts) { buffer, initialized in
            // Each part writes its own element, and `concurrentPerform` returns once all have.
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = part * size..<min(lines.count, (part + 1) * size)
                (base + part).initialize(to: Self.read(lines[range], version: version, schema: schema, keep: keep))
            }
            initialized = parts
        }
        var joined = HistoryLines()
        joined.records.reserveCapacity(lines.count)
        if keep { joined.kept.reserveCapacity(lines.count) }
        for part in read {
            joined.records += part.records
            joined.kept += part.kept
            joined.skipped += part.skipped
            joined.firstProblem = joined.firstProblem ?? part.firstProblem
        }
        return joined
    }

    /// Reads consecutive lines, one after the other.
    private static func read(
        _ lines: ArraySlice<Data>, version: Int, schema: DocumentSchema<SessionRecord>, keep: Bool
    ) -> HistoryLines {
        let decoder = JSONDecoder()
        var parser = HistoryLineParser()
        var read = HistoryLines()
        read.records.reserveCapacity(lines.count)
        for offset in lines.indices {
            let line = lines[offset]
            do throws(ContentFailure) {
                let record: SessionRecord
                if version == schema.version, let fast = parser.parse(line) {
                    record = fast
                } else {
                    record = try schema.decode(line, version: version, with: decoder)
                }
                read.records.append(record)
                if keep { read.kept.append(line) }
            } catch {
                read.skipped += 1
                if read.firstProblem == nil, case .damaged(let reason) = error {
                    read.firstProblem = "line \(offset + 2): \(reason)"
                }
            }
        }
        return read
    }
}
