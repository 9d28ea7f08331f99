#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import Synchronization

/// People's access keys in memory, for previews and tests (the shared server's over HTTP,
/// the live app's in-process): what the JSON file does, without a file (the file itself is
/// tested with real `moments` processes).
public final class PreviewAccessKeyStore: AccessKeyStore {
    private let records = Mutex<[AccessKeyRecord]>([])

    /// A store with no key yet.
    public init() {}

    /// Adds a key called `name`, made at `instant`, and answers its secret.
    public func make(_ name: String, at instant: Date = InstantMother.morning) async throws -> String {
        let made = try AccessKeyRecord.make(named: name, at: instant)
        try await add(made.record)
        return made.secret
    }

    public func keys() async throws(KeyStoreError) -> [AccessKeyRecord] { records.withLock { $0 } }

    public func add(_ record: AccessKeyRecord) async throws(KeyStoreError) {
        try records.withLock { (keys) throws(KeyStoreError) in
            guard !keys.contains(where: { $0.name == record.name }) else { throw KeyStoreError("taken") }
            keys.append(record)
        }
    }

    public func revoke(named name: String) async throws(KeyStoreError) -> Bool {
        records.withLock { keys in
            let before = keys.count
            keys.removeAll { $0.name == name }
            return keys.count != before
        }
    }

    public func noteUse(ofKey id: String, at instant: Date) async throws(KeyStoreError) {
        records.withLock { keys in
            if let index = keys.firstIndex(where: { $0.id == id }) { keys[index].lastUsedAt = instant }
        }
    }
}
