#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a server's people's access keys live, declared by Sync so that any backend can keep
/// them: the JSON file in the state folder today (`SyncJSONStore`'s `JSONKeyStore`), a
/// database shared by several servers later.
///
/// ``keys()`` must answer the keys as they stand *now*, everywhere: a key revoked by
/// another process (`moments keys revoke` in another terminal, or on another server of a
/// shared backend) must be refused by the next request. The server asks on every request
/// that carries a key, so an implementation makes an unchanged answer cheap (the JSON one
/// looks at its file's identity and re-reads it only when it changed).
public protocol AccessKeyStore: Sendable {
    /// Every live key (revoked ones are gone), as it stands now.
    func keys() async throws(KeyStoreError) -> [AccessKeyRecord]
    /// Adds a key; refuses a name already in use, changing nothing.
    func add(_ record: AccessKeyRecord) async throws(KeyStoreError)
    /// Ends the key called `name` at once: answers whether there was one.
    func revoke(named name: String) async throws(KeyStoreError) -> Bool
    /// Notes that the key `id` was used at `instant`. The server calls it at most once a
    /// minute per key, so a backend writes rarely.
    func noteUse(ofKey id: String, at instant: Date) async throws(KeyStoreError)
}
