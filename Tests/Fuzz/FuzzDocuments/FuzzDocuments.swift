import Domain
import FuzzSupport
import LiveApp
import Persistence
import SyncJSONStore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The documents' fuzz target: every JSON file the app reads from disk. The first byte
/// picks the file (settings, `remote-sessions.json`, the history, the server state's
/// snapshot or journal, a runtime file); the rest is written as that file, in a fresh
/// folder under /dev/shm, and opened by its real store.
///
/// Properties: a file the store refuses or moves aside keeps its bytes, byte for byte,
/// where the store says (at its path when opening throws; at `preservedAt` when moved
/// aside or when records were skipped); a file opened without an issue is left as it was;
/// a history line the fast parser reads is the record `JSONDecoder` reads; a runtime entry
/// read encodes and reads back to itself; nothing traps.
enum DocumentsFuzz {
    static let root = "/dev/shm/little-moments-fuzz-\(getpid())"

    static func check(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let data = Data(bytes.dropFirst())
        let folder = URL(fileURLWithPath: root, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        switch first % 6 {
        case 0:
            file(SettingsStore.fileName, data, in: folder) {
                let store = try SettingsStore.open(directory: folder, lockWait: .zero)
                defer { store.close() }
                return (store.issues, "\(store.settings)")
            }
        case 1:
            file(RemoteSessionStore.fileName, data, in: folder) {
                let url = folder.appendingPathComponent(RemoteSessionStore.fileName)
                let file = try DocumentFile.open(at: url, schema: .remoteSessions, lockWait: .zero)
                defer { file.close() }
                return (file.issues, "\(String(describing: file.document))")
            }
        case 2:
            historyLines(data)
            file(HistoryStore.fileName, data, in: folder) {
                let store = try HistoryStore.open(directory: folder, lockWait: .zero)
                defer { store.close() }
                return (store.issues, "\(store.records)")
            }
        case 3, 4:
            let name = ServerStateStore.collectionName + (first % 6 == 3 ? ".snapshot.jsonl" : ".journal.jsonl")
            file(name, data, in: folder) {
                let store = try ServerStateStore.open(
                    locations: StoreLocations(singleDirectory: folder), schema: JSONSyncStorage.schema, lockWait: .zero)
                defer { store.close() }
                return (store.issues, "\(store.documents.sorted { $0.key < $1.key })")
            }
        default:
            guard let entry = RuntimeEntry.read(data) else { return }
            fuzzRequire(entry.processID > 0, "a runtime entry of process \(entry.processID) was read")
            fuzzRequire((try? JSONEncoder().encode(entry)).flatMap(RuntimeEntry.read) == entry, "a runtime entry does not read back")
        }
    }

    /// Writes `data` as `name`, opens it with `open` (which closes its store and answers
    /// the issues and what it read), and checks where the bytes went. A file opened
    /// without an issue may be rewritten in its canonical form (a collection with no
    /// journal is compacted), but then a second opening reads the same, with no issue.
    static func file(
        _ name: String, _ data: Data, in folder: URL, open: () throws -> (issues: [StoreIssue], content: String)
    ) {
        let url = folder.appendingPathComponent(name)
        fuzzRequire(FileManager.default.createFile(atPath: url.path, contents: data), "cannot write \(url.path)")
        let opened: (issues: [StoreIssue], content: String)
        do {
            opened = try open()
        } catch {
            fuzzRequire(FileManager.default.contents(atPath: url.path) == data, "a refused \(name) was changed: \(error)")
            return
        }
        if opened.issues.isEmpty, FileManager.default.contents(atPath: url.path) != data {
            let again = try? open()
            fuzzRequire(again?.issues == [] && again?.content == opened.content, "\(name) opened without an issue was changed")
        }
        for issue in opened.issues {
            switch issue {
            case .movedAside(_, let preservedAt, _), .recordsSkipped(_, _, let preservedAt, _),
                .incompleteLastRecord(_, _, let preservedAt):
                fuzzRequire(FileManager.default.contents(atPath: preservedAt) == data, "\(issue) did not keep the bytes")
            case .upgraded:
                break
            }
        }
    }

    /// Each line the fast history parser reads is the record `JSONDecoder` reads.
    static func historyLines(_ data: Data) {
        for line in data.split(separator: 0x0A) {
            guard let fast = HistoryLineParser.parse(Data(line)) else { continue }
            let slow = try? JSONDecoder().decode(SessionRecord.self, from: Data(line))
            fuzzRequire(slow == fast, "the fast parser reads \(fast), JSONDecoder \(String(describing: slow))")
        }
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    DocumentsFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzDocumentsMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzDocuments", corpus: FuzzCorpus.folder(beside: #filePath), check: DocumentsFuzz.check)
        #endif
    }
}
