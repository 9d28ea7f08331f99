import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `history.jsonl` at open, and leaves it in the current version with nothing but
/// complete, readable records — salvaging what it can and keeping the original aside when
/// it finds damage, so one bad line never costs the rest of the history.
enum HistoryLoader {
    /// What the file held, and what was found wrong with it.
    struct Loaded {
        var records: [SessionRecord]
        var issues: [StoreIssue]
    }

    /// Loads (or, when `writable`, creates) the history at `url`. Throws, touching nothing,
    /// for a file of a newer or unmigratable version. When not `writable`, an older version
    /// is upgraded in memory only, and damage (which cannot be repaired) throws.
    static func load(
        _ url: URL, schema: DocumentSchema<SessionRecord>, writable: Bool
    ) throws(PersistenceError) -> Loaded {
        let path = url.path
        let currentHeader = LineFileHeader.encode(FileHeader(format: schema.name, version: schema.version))
        guard let file = try LineFile.read(url) else {
            if writable { try DurableFile.save(LineFile.render(header: currentHeader, records: []), to: url) }
            return Loaded(records: [], issues: [])
        }
        guard let headerLine = file.header else {
            let reason = file.isBlank ? "the file is empty" : "the file is truncated: it has no complete line"
            return try startAfresh(url, header: currentHeader, reason: reason)
        }

        var version = schema.version
        var headerDamaged = false
        var skipped = 0
        var firstProblem: String?
        switch try LineFileHeader.check(headerLine, format: schema.name, layoutVersion: schema.version, path: path) {
        case .readable(let header):
            do { try schema.check(header.version) } catch {
                if let refusal = error.refusal(path: path, format: schema.name, supported: schema.version) {
                    throw refusal
                }
            }
            version = header.version
        case .otherFormat(let format):
            return try startAfresh(url, header: currentHeader, reason: "it is a '\(format)' file, not a history")
        case .damaged:
            headerDamaged = true
            skipped += 1
            firstProblem = "the first line is not a history header"
        }

        let read = HistoryLines.read(file.records, version: version, schema: schema)
        let records = read.records
        skipped += read.skipped.count
        firstProblem = firstProblem ?? read.firstProblem
        if records.isEmpty, headerDamaged {
            return try startAfresh(url, header: currentHeader, reason: "it is not a history file")
        }
        guard skipped > 0 || file.incompleteTail > 0 || version != schema.version else {
            return Loaded(records: records, issues: [])
        }

        var issues: [StoreIssue] = []
        if skipped > 0 || file.incompleteTail > 0 {
            let aside = try Quarantine.preserve(url, bytes: file.bytes)
            if skipped > 0 {
                issues.append(.recordsSkipped(path: path, count: skipped, preservedAt: aside, reason: firstProblem ?? ""))
            }
            if file.incompleteTail > 0 {
                issues.append(.incompleteLastRecord(path: path, bytes: file.incompleteTail, preservedAt: aside))
            }
        }
        if !writable, skipped == 0, file.incompleteTail == 0 {
            return Loaded(records: records, issues: [])
        }
        var kept = version == schema.version ? HistoryLines.kept(file.records, skipping: read.skipped) : []
        if version != schema.version {
            kept = try records.map { (record) throws(PersistenceError) in try HistoryLine.encode(record, path: path) }
            issues.append(.upgraded(path: path, from: version, to: schema.version))
        }
        try DurableFile.save(LineFile.render(header: currentHeader, records: kept), to: url)
        return Loaded(records: records, issues: issues)
    }

    /// Moves an unreadable file aside and starts an empty history in its place.
    private static func startAfresh(_ url: URL, header: Data, reason: String) throws(PersistenceError) -> Loaded {
        let aside = try Quarantine.moveAside(url)
        try DurableFile.save(LineFile.render(header: header, records: []), to: url)
        return Loaded(records: [], issues: [.movedAside(path: url.path, preservedAt: aside, reason: reason)])
    }
}
