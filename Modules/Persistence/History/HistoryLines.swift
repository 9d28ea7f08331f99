import Dispatch
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The records of a history's lines, read in parts on as many cores as help: what
/// ``HistoryLoader`` makes of the lines after the header (ADR 0035).
///
/// Each line is read on its own, so a long history is cut into consecutive parts read at
/// once, each with its own reader and decoder, and the parts are joined in order: the
/// answer is the one reading the lines one after the other gives. The lines themselves are
/// not copied: only the positions of those that could not be read are kept.
struct HistoryLines {
    /// The records read, in the order of their lines.
    var records: [SessionRecord] = []
    /// The positions (in the lines given) of the lines that could not be read.
    var skipped: [Int] = []
    /// The first line that could not be read and why, as `line N: reason`.
    var firstProblem: String?

    /// Fewer lines than this per part are not worth a thread.
    private static let linesPerPart = 20_000

    /// Reads `lines` of a file in `version`, the first being the file's line 2 (after the
    /// header).
    ///
    /// The records are written in place: each part into its own stretch of the one array
    /// returned, then moved up over the gaps its skipped lines left. Parts that each built
    /// an array, joined by copying, cost a second 8 MB and a retain per record for 100,000
    /// sessions.
    static func read(_ lines: ArraySlice<Data>, version: Int, schema: DocumentSchema<SessionRecord>) -> HistoryLines {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, lines.count / linesPerPart))
        let size = (lines.count + parts - 1) / parts
        var outcomes: [Part] = []
        let records = [SessionRecord](unsafeUninitializedCapacity: lines.count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if parts == 1 {
                outcomes = [readPart(lines, from: lines.startIndex, version: version, schema: schema, into: base)]
            } else {
                // Each part writes its own stretch and its own outcome, and
                // `concurrentPerform` returns once all have.
                nonisolated(unsafe) let records = base
                outcomes = [Part](unsafeUninitializedCapacity: parts) { partBuffer, partsDone in
                    nonisolated(unsafe) let partBase = partBuffer.baseAddress!
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let start = lines.startIndex + part * size
                        let slice = lines[start..<min(lines.endIndex, start + size)]
                        (partBase + part).initialize(
                            to: readPart(
                                slice, from: lines.startIndex, version: version, schema: schema,
                                into: records + part * size))
                    }
                    partsDone = parts
                }
            }
            var end = 0
            for (part, outcome) in outcomes.enumerated() {
                let start = part * size
                if start != end { (base + end).moveInitialize(from: base + start, count: outcome.count) }
                end += outcome.count
            }
            initialized = end
        }
        var read = HistoryLines()
        read.records = records
        for outcome in outcomes {
            read.skipped += outcome.skipped
            read.firstProblem = read.firstProblem ?? outcome.firstProblem
        }
        return read
    }

    /// The lines of the records read: every line but the skipped ones, to write back when
    /// the file is repaired.
    static func kept(_ lines: ArraySlice<Data>, skipping skipped: [Int]) -> [Data] {
        let skipped = Set(skipped)
        return lines.indices.filter { !skipped.contains($0 - lines.startIndex) }.map { lines[$0] }
    }

    /// What reading one part found: how many records it wrote, and the lines it could not read.
    private struct Part {
        var count = 0
        var skipped: [Int] = []
        var firstProblem: String?
    }

    /// Reads consecutive lines, one after the other, writing their records from `records`
    /// on; `first` is the index of line 2.
    private static func readPart(
        _ lines: ArraySlice<Data>, from first: Int, version: Int, schema: DocumentSchema<SessionRecord>,
        into records: UnsafeMutablePointer<SessionRecord>
    ) -> Part {
        let decoder = JSONDecoder()
        var parser = HistoryLineParser()
        var part = Part()
        for index in lines.indices {
            let line = lines[index]
            do throws(ContentFailure) {
                let record: SessionRecord
                if version == schema.version, let fast = parser.parse(line) {
                    record = fast
                } else {
                    record = try schema.decode(line, version: version, with: decoder)
                }
                (records + part.count).initialize(to: record)
                part.count += 1
            } catch {
                part.skipped.append(index - first)
                if part.firstProblem == nil, case .damaged(let reason) = error {
                    part.firstProblem = "line \(index - first + 2): \(reason)"
                }
            }
        }
        return part
    }
}
