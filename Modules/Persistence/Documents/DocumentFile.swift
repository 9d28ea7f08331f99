#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// One document of the caller's type in one JSON file, saved durably and whole (see
/// ``DurableFile``), versioned by its ``DocumentSchema``. The settings live in one.
///
/// Opening never fails for a damaged file: a file that is empty, truncated or not a valid
/// document is moved aside (see ``issues``) and the store starts with no document. It does
/// fail, leaving the file untouched, for a file written by a newer version.
///
/// The store holds an exclusive lock on the file while open; on a read-only file system it
/// opens for reading only. It is safe to use from any thread (a class guarded by a lock:
/// saves block on `fsync`).
public final class DocumentFile<Document: Codable & Sendable>: Sendable {
    /// The file.
    public let url: URL
    /// The schema the file is read and written with.
    public let schema: DocumentSchema<Document>
    /// What was found wrong with the file when it opened, and dealt with.
    public let issues: [StoreIssue]

    /// Whether the file is on a read-only file system: it can be read, and saving throws
    /// ``PersistenceError/readOnlyFileSystem(path:)``.
    public var isReadOnly: Bool { lock == nil }

    private let prettyPrinted: Bool
    private let lock: StoreLock?
    private let state: Guarded<State>

    private struct State {
        var document: Document?
        var isOpen = true
    }

    private init(
        url: URL, schema: DocumentSchema<Document>, prettyPrinted: Bool, lock: StoreLock?,
        document: Document?, issues: [StoreIssue]
    ) {
        self.url = url
        self.schema = schema
        self.prettyPrinted = prettyPrinted
        self.lock = lock
        self.issues = issues
        self.state = Guarded(State(document: document))
    }

    /// Opens the document at `url`, creating its folder when needed. `prettyPrinted` writes
    /// indented JSON, for files a person may read or edit by hand.
    public static func open(
        at url: URL, schema: DocumentSchema<Document>, prettyPrinted: Bool = false,
        lockWait: Duration = StoreDefaults.lockWait
    ) throws(PersistenceError) -> DocumentFile {
        let folder = url.deletingLastPathComponent()
        try Directory.ensure(folder)
        let lock = try StoreLock.acquire(
            folder.appendingPathComponent(url.lastPathComponent + ".lock"), for: url.path, waitingUpTo: lockWait)
        do {
            if lock != nil { try TemporaryFiles.sweep(in: folder, for: [url.lastPathComponent]) }
            var issues: [StoreIssue] = []
            let document = try read(url, schema: schema, issues: &issues)
            if let document, lock != nil, issues.contains(where: { if case .upgraded = $0 { true } else { false } }) {
                try write(document, to: url, schema: schema, prettyPrinted: prettyPrinted)
            }
            return DocumentFile(
                url: url, schema: schema, prettyPrinted: prettyPrinted, lock: lock, document: document,
                issues: issues)
        } catch {
            lock?.release()
            throw error
        }
    }

    /// The document, or `nil` when none was ever saved (or the file was moved aside).
    public var document: Document? {
        state.withLock { $0.document }
    }

    /// Saves `document` durably: when this returns it survives a crash or power cut; on
    /// error the previous file is intact and ``document`` unchanged.
    public func save(_ document: Document) throws(PersistenceError) {
        guard !isReadOnly else { throw .readOnlyFileSystem(path: url.path) }
        try state.withLock { (state) throws(PersistenceError) in
            guard state.isOpen else { throw .closed(path: url.path) }
            try Self.write(document, to: url, schema: schema, prettyPrinted: prettyPrinted)
            state.document = document
        }
    }

    /// Releases the lock. Reading stays possible; saving throws ``PersistenceError/closed(path:)``.
    public func close() {
        state.withLock { $0.isOpen = false }
        lock?.release()
    }

    deinit {
        close()
    }

    private static func write(
        _ document: Document, to url: URL, schema: DocumentSchema<Document>, prettyPrinted: Bool
    ) throws(PersistenceError) {
        var data = try StoreJSON.encode(
            DocumentEnvelope(format: schema.name, version: schema.version, content: document), path: url.path,
            pretty: prettyPrinted)
        data.append(0x0A)
        try DurableFile.save(data, to: url)
    }

    /// Reads the file: `nil` when there is none or it was moved aside (with an issue).
    private static func read(
        _ url: URL, schema: DocumentSchema<Document>, issues: inout [StoreIssue]
    ) throws(PersistenceError) -> Document? {
        guard let bytes = try FileDescriptor.contentsIfPresent(url.path) else { return nil }
        let decoder = JSONDecoder()
        func moveAside(_ reason: String) throws(PersistenceError) -> Document? {
            issues.append(.movedAside(path: url.path, preservedAt: try Quarantine.moveAside(url), reason: reason))
            return nil
        }
        guard !LineFile(bytes: bytes).isBlank else { return try moveAside("the file is empty") }
        guard let header = try? decoder.decode(DocumentEnvelopeHeader.self, from: bytes) else {
            let isJSON = (try? decoder.decode(JSONValue.self, from: bytes)) != nil
            return try moveAside(
                isJSON ? "it has no 'format' and 'version'" : "it is not valid JSON; it may be truncated or corrupt")
        }
        guard header.format == schema.name else {
            return try moveAside("it is a '\(header.format)' file, not '\(schema.name)'")
        }
        do throws(ContentFailure) {
            if header.version == schema.version {
                return try decodeCurrent(bytes, decoder: decoder)
            }
            try schema.check(header.version)
            let envelope: DocumentEnvelope<JSONValue>
            do { envelope = try decoder.decode(DocumentEnvelope<JSONValue>.self, from: bytes) } catch {
                throw ContentFailure.damaged(DecodingProblem.describe(error))
            }
            let document = try schema.upgrade(envelope.content, from: header.version, with: decoder)
            issues.append(.upgraded(path: url.path, from: header.version, to: schema.version))
            return document
        } catch {
            if let refusal = error.refusal(path: url.path, format: schema.name, supported: schema.version) {
                throw refusal
            }
            guard case .damaged(let reason) = error else { return nil }
            return try moveAside(reason)
        }
    }

    private static func decodeCurrent(_ bytes: Data, decoder: JSONDecoder) throws(ContentFailure) -> Document {
        do {
            return try decoder.decode(DocumentEnvelope<Document>.self, from: bytes).content
        } catch {
            throw .damaged(DecodingProblem.describe(error))
        }
    }
}
