import Foundation
import Sync
import Synchronization

/// People's keys in memory, for the shared server's tests over HTTP: what the JSON file
/// does, without a file (the file itself is tested with real `moments` processes).
final class MemoryKeyStore: PersonKeyStore {
    private let records = Mutex<[PersonKeyRecord]>([])

    /// Adds a key called `name` and answers its secret.
    func make(_ name: String) async throws -> String {
        let made = try PersonKeyRecord.make(named: name, at: Date())
        try await add(made.record)
        return made.secret
    }

    func keys() async throws(KeyStoreError) -> [PersonKeyRecord] { records.withLock { $0 } }

    func add(_ record: PersonKeyRecord) async throws(KeyStoreError) {
        try records.withLock { (keys) throws(KeyStoreError) in
            guard !keys.contains(where: { $0.name == record.name }) else { throw KeyStoreError("taken") }
            keys.append(record)
        }
    }

    func revoke(named name: String) async throws(KeyStoreError) -> Bool {
        records.withLock { keys in
            let before = keys.count
            keys.removeAll { $0.name == name }
            return keys.count != before
        }
    }

    func noteUse(ofKey id: String, at instant: Date) async throws(KeyStoreError) {
        records.withLock { keys in
            if let index = keys.firstIndex(where: { $0.id == id }) { keys[index].lastUsedAt = instant }
        }
    }
}
