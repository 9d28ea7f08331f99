#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a collection's snapshot and journal at open. Both headers are checked before
/// anything is touched, so a newer file is refused with both files intact; then damage is
/// salvaged line by line, keeping every readable document and transaction and the
/// originals aside.
enum CollectionLoader<Document: Codable & Sendable> {
    /// The collection as the files hold it.
    struct Loaded {
        var documents: [String: Document] = [:]
        var sequence: UInt64 = 0
        var journalTransactions = 0
        var issues: [StoreIssue] = []
        /// Whether the files must be rewritten: after a repair, an upgrade, or when one is missing.
        var needsCompaction = false
    }

    /// A file whose header was read, or why it cannot be.
    private struct Examined {
        let url: URL
        let file: LineFile
        let header: FileHeader?
        let problem: String?
    }

    /// Loads the collection from its two files (either may be missing), applying the
    /// journal's amendments with `amend` (without it, an amendment is damage).
    static func load(
        snapshot snapshotURL: URL, journal journalURL: URL, schema: DocumentSchema<Document>,
        amend: DocumentAmendment<Document>? = nil
    ) throws(PersistenceError) -> Loaded {
        let snapshot = try examine(
            snapshotURL, format: CollectionLines.snapshotFormat, layoutVersion: CollectionLines.layoutVersion, schema: schema)
        let journal = try examine(
            journalURL, format: CollectionLines.journalFormat, layoutVersion: CollectionLines.amendingLayoutVersion,
            schema: schema)
        var loaded = Loaded()
        let decoder = JSONDecoder()

        if let snapshot {
            let lines = try usableLines(of: snapshot, into: &loaded)
            var skipped = 0
            var firstProblem: String?
            for (offset, line) in lines.enumerated() {
                do throws(ContentFailure) {
                    let entry = try decodeEntry(line, version: snapshot.header?.schemaVersion, schema, decoder)
                    loaded.documents[entry.key] = entry.document
                } catch {
                    skipped += 1
                    if firstProblem == nil, case .damaged(let reason) = error { firstProblem = "line \(offset + 2): \(reason)" }
                }
            }
            loaded.sequence = snapshot.header?.sequence ?? 0
            try reportDamage(of: snapshot, skipped: skipped, firstProblem: firstProblem, schema: schema, into: &loaded)
        }

        if let journal {
            let lines = try usableLines(of: journal, into: &loaded)
            var skipped = 0
            var firstProblem: String?
            var last = loaded.sequence
            for (offset, line) in lines.enumerated() {
                do throws(ContentFailure) {
                    let transaction = try decodeTransaction(line, version: journal.header?.schemaVersion, schema, decoder)
                    guard transaction.sequence > loaded.sequence else {
                        // Already in the snapshot: a crash came between the two steps of a
                        // compaction. Skip it, and compact so the journal is tidy again.
                        loaded.needsCompaction = true
                        continue
                    }
                    // What the transaction leaves under each key it touches: it applies
                    // whole or, when an amendment finds nothing to amend, not at all.
                    var touched: [String: Document?] = [:]
                    for change in transaction.changes {
                        guard change.amends else {
                            touched[change.key] = .some(change.document)
                            continue
                        }
                        guard let amend, var document = touched[change.key] ?? loaded.documents[change.key],
                            let amendment = change.document
                        else {
                            throw .damaged("an amendment of '\(change.key)', which is not there to amend")
                        }
                        amend(&document, amendment)
                        touched[change.key] = .some(document)
                    }
                    for (key, document) in touched { loaded.documents[key] = document }
                    last = max(last, transaction.sequence)
                    loaded.journalTransactions += 1
                } catch {
                    skipped += 1
                    if firstProblem == nil, case .damaged(let reason) = error { firstProblem = "line \(offset + 2): \(reason)" }
                }
            }
            loaded.sequence = last
            try reportDamage(of: journal, skipped: skipped, firstProblem: firstProblem, schema: schema, into: &loaded)
        } else {
            loaded.needsCompaction = true
        }
        return loaded
    }

    /// Reads a file's header, throwing for a newer or unmigratable one; `nil` for no file.
    private static func examine(
        _ url: URL, format: String, layoutVersion: Int, schema: DocumentSchema<Document>
    ) throws(PersistenceError) -> Examined? {
        guard let file = try LineFile.read(url) else { return nil }
        func problem(_ reason: String) -> Examined { Examined(url: url, file: file, header: nil, problem: reason) }
        guard let line = file.header else {
            return problem(file.isBlank ? "the file is empty" : "the file is truncated: it has no complete line")
        }
        switch try LineFileHeader.check(line, format: format, layoutVersion: layoutVersion, path: url.path) {
        case .readable(let header):
            guard header.schema == schema.name, let version = header.schemaVersion else {
                return problem("it holds '\(header.schema ?? "unnamed")' documents, not '\(schema.name)'")
            }
            do throws(ContentFailure) { try schema.check(version) } catch {
                if let refusal = error.refusal(path: url.path, format: schema.name, supported: schema.version) {
                    throw refusal
                }
                return problem("its schema version \(version) is not valid")
            }
            return Examined(url: url, file: file, header: header, problem: nil)
        case .otherFormat(let other):
            return problem("it is a '\(other)' file, not a '\(format)' file")
        case .damaged:
            return problem("its first line is not a header")
        }
    }

    /// The lines to decode: none for a file that is unreadable as a whole, which is moved aside.
    private static func usableLines(of examined: Examined, into loaded: inout Loaded) throws(PersistenceError) -> [Data] {
        guard let problem = examined.problem else { return Array(examined.file.records) }
        let aside = try Quarantine.moveAside(examined.url)
        loaded.issues.append(.movedAside(path: examined.url.path, preservedAt: aside, reason: problem))
        loaded.needsCompaction = true
        return []
    }

    /// Keeps a damaged file aside and records what was lost, or notes an upgrade.
    private static func reportDamage(
        of examined: Examined, skipped: Int, firstProblem: String?, schema: DocumentSchema<Document>,
        into loaded: inout Loaded
    ) throws(PersistenceError) {
        guard let header = examined.header else { return }
        let path = examined.url.path
        if skipped > 0 || examined.file.incompleteTail > 0 {
            let aside = try Quarantine.preserve(examined.url, bytes: examined.file.bytes)
            if skipped > 0 {
                loaded.issues.append(
                    .recordsSkipped(path: path, count: skipped, preservedAt: aside, reason: firstProblem ?? ""))
            }
            if examined.file.incompleteTail > 0 {
                loaded.issues.append(
                    .incompleteLastRecord(path: path, bytes: examined.file.incompleteTail, preservedAt: aside))
            }
            loaded.needsCompaction = true
        }
        if let version = header.schemaVersion, version != schema.version {
            loaded.issues.append(.upgraded(path: path, from: version, to: schema.version))
            loaded.needsCompaction = true
        }
    }

    private static func decodeEntry(
        _ line: Data, version: Int?, _ schema: DocumentSchema<Document>, _ decoder: JSONDecoder
    ) throws(ContentFailure) -> CollectionLines.Entry<Document> {
        do {
            if version == schema.version { return try decoder.decode(CollectionLines.Entry<Document>.self, from: line) }
            let old = try decoder.decode(CollectionLines.Entry<JSONValue>.self, from: line)
            return .init(key: old.key, document: try upgrade(old.document, from: version, schema, decoder))
        } catch let failure as ContentFailure {
            throw failure
        } catch {
            throw .damaged(DecodingProblem.describe(error))
        }
    }

    private static func decodeTransaction(
        _ line: Data, version: Int?, _ schema: DocumentSchema<Document>, _ decoder: JSONDecoder
    ) throws(ContentFailure) -> (sequence: UInt64, changes: [(key: String, document: Document?, amends: Bool)]) {
        do {
            if version == schema.version {
                let transaction = try decoder.decode(CollectionLines.Transaction<Document>.self, from: line)
                return (transaction.sequence, try transaction.changes.map { change throws(ContentFailure) in
                    (change.key, try document(of: change), change.amends == true)
                })
            }
            let old = try decoder.decode(CollectionLines.Transaction<JSONValue>.self, from: line)
            return (old.sequence, try old.changes.map { change throws(ContentFailure) in
                (change.key, try document(of: change).map { json throws(ContentFailure) in
                    try upgrade(json, from: version, schema, decoder)
                }, change.amends == true)
            })
        } catch let failure as ContentFailure {
            throw failure
        } catch {
            throw .damaged(DecodingProblem.describe(error))
        }
    }

    /// The document a change puts, or `nil` for a removal; a change that is neither is damage.
    private static func document<Content>(of change: CollectionLines.Change<Content>) throws(ContentFailure) -> Content? {
        if change.removed == true {
            guard change.amends != true else { throw .damaged("a change both amends and removes") }
            return nil
        }
        guard let document = change.document else { throw .damaged("a change has neither a document nor 'removed'") }
        return document
    }

    private static func upgrade(
        _ value: JSONValue, from version: Int?, _ schema: DocumentSchema<Document>, _ decoder: JSONDecoder
    ) throws(ContentFailure) -> Document {
        try schema.upgrade(value, from: version ?? schema.version, with: decoder)
    }
}
