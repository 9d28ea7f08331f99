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
    static func read(_ lines: ArraySlice<Data>, version: Int, schema: DocumentSchema<SessionRecord>) -> HistoryLines {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, lines.count / linesPerPart))
        guard parts > 1 else { return read(lines, from: lines.startIndex, version: version, schema: schema) }
        let size = (lines.count + parts - 1) / parts
        let read = [HistoryLines](unsafeUninitializedCapacity: parts) { buffer, initialized in
            // Each part writes its own element, and `concurrentPerform` returns once all have.
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let start = lines.startIndex + part * size
                let slice = lines[start..<min(lines.endIndex, start + size)]
                (base + part).initialize(to: Self.read(slice, from: lines.startIndex, version: version, schema: schema))
            }
            initialized = parts
        }
        var joined = HistoryLines()
        joined.records.reserveCapacity(lines.count)
        for part in read {
            joined.records += part.records
            joined.skipped += part.skipped
            joined.firstProblem = joined.firstProblem ?? part.firstProblem
        }
        return joined
    }

    /// The lines of the records read: every line but the skipped ones, to write back when
    /// the file is repaired.
    static func kept(_ lines: ArraySlice<Data>, skipping skipped: [Int]) -> [Data] {
        let skipped = Set(skipped)
        return lines.indices.filter { !skipped.contains($0 - lines.startIndex) }.map { lines[$0] }
    }

    /// Reads consecutive lines, one after the other; `first` is the index of line 2.
    private static func read(
        _ lines: ArraySlice<Data>, from first: Int, version: Int, schema: DocumentSchema<SessionRecord>
    ) -> HistoryLines {
        let decoder = JSONDecoder()
        var parser = HistoryLineParser()
        var read = HistoryLines()
        read.records.reserveCapacity(lines.count)
        for index in lines.indices {
            let line = lines[index]
            do throws(ContentFailure) {
                if version == schema.version, let fast = parser.parse(line) {
                    read.records.append(fast)
                } else {
                    read.records.append(try schema.decode(line, version: version, with: decoder))
                }
            } catch {
                read.skipped.append(index - first)
                if read.firstProblem == nil, case .damaged(let reason) = error {
                    read.firstProblem = "line \(index - first + 2): \(reason)"
                }
            }
        }
        return read
    }
}
