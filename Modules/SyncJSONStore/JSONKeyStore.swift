#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import Persistence
import Synchronization

/// The people's access keys of a server in `keys.json` in its state folder: Sync's
/// `AccessKeyStore` on Persistence's durable JSON files, mode 0600, refused when
/// others may read it. Only digests are kept, never a key.
///
/// The file is opened (and locked) only for one read or change at a time, so `moments keys`
/// in another terminal can change it while `moments serve` runs. ``keys()`` looks at the
/// file's identity on every call and re-reads it when it changed: a revocation holds from
/// the running server's next request, without a restart.
public final class JSONKeyStore: AccessKeyStore {
    /// The file's schema: every live key, oldest first.
    public static let schema = DocumentSchema<[AccessKeyRecord]>(name: "little-moments/keys", version: 1)
    /// The file name in the state folder.
    public static let fileName = "keys.json"

    /// The file.
    public let url: URL
    private let lockWait: Duration
    private let cache = Mutex<(identity: FileIdentity, keys: [AccessKeyRecord])?>(nil)

    /// The keys of the server whose state lives where `locations` say.
    public init(locations: StoreLocations, lockWait: Duration = StoreDefaults.lockWait) {
        url = locations.stateDirectory.appendingPathComponent(Self.fileName)
        self.lockWait = lockWait
    }

    public func keys() async throws(KeyStoreError) -> [AccessKeyRecord] {
        let identity: FileIdentity?
        do {
            identity = try SecretFile.identity(of: url)
        } catch {
            throw KeyStoreError(error.description, isEnvironmentFailure: error.isEnvironmentFailure)
        }
        guard let identity else { return [] }
        if let cached = cache.withLock({ $0 }), cached.identity == identity { return cached.keys }
        // Read after taking the identity: a change in between is seen by the next call.
        let keys = try change { _ in false }
        cache.withLock { $0 = (identity, keys) }
        return keys
    }

    public func add(_ record: AccessKeyRecord) async throws(KeyStoreError) {
        let name = record.name
        _ = try change { (keys) throws(KeyStoreError) in
            guard !keys.contains(where: { $0.name == name }) else {
                throw KeyStoreError("there is already a key called '\(name)'; revoke it first (`moments keys revoke \(name)`) or choose another name.")
            }
            keys.append(record)
            return true
        }
    }

    public func revoke(named name: String) async throws(KeyStoreError) -> Bool {
        var found = false
        _ = try change { keys in
            found = keys.contains { $0.name == name }
            keys.removeAll { $0.name == name }
            return found
        }
        return found
    }

    public func noteUse(ofKey id: String, at instant: Date) async throws(KeyStoreError) {
        _ = try change { keys in
            guard let index = keys.firstIndex(where: { $0.id == id }) else { return false }
            keys[index].lastUsedAt = instant
            return true
        }
    }

    /// Opens the file (taking its lock), lets `edit` change the keys, saves them when it
    /// answers `true`, closes, and answers the keys as they now stand.
    private func change(
        _ edit: (inout [AccessKeyRecord]) throws(KeyStoreError) -> Bool
    ) throws(KeyStoreError) -> [AccessKeyRecord] {
        do {
            try SecretFile.requirePrivate(url)
            let file = try DocumentFile.open(at: url, schema: Self.schema, prettyPrinted: true, lockWait: lockWait)
            defer { file.close() }
            var keys = file.document ?? []
            if try edit(&keys) { try file.save(keys) }
            return keys
        } catch let error as KeyStoreError {
            throw error
        } catch let error as PersistenceError {
            throw KeyStoreError(error.description, isEnvironmentFailure: error.isEnvironmentFailure)
        } catch {
            throw KeyStoreError("\(error)")
        }
    }
}
