import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SyncProtocol

/// A person's access key as a server keeps it: never the key itself, only its SHA-256 digest,
/// with the name it was given, a stable id the person's activities are owned by, and
/// when it was made and last used (`moments keys list` shows these, never a key).
///
/// The id, not the name, owns activities, so a key revoked and a new one added under the
/// same name never inherit the old key's sessions.
public struct AccessKeyRecord: Hashable, Sendable, Codable {
    /// The name given with `moments keys add NAME`: how a person is told apart in listings.
    public let name: String
    /// A random id, made with the key; what an activity's owner names.
    public let id: String
    /// The hex SHA-256 digest of the key.
    public let digest: String
    /// When the key was made.
    public let createdAt: Date
    /// When it was last used to make or list activities, to the minute; `nil` if never.
    public var lastUsedAt: Date?

    /// A record of a key.
    public init(name: String, id: String, digest: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.name = name
        self.id = id
        self.digest = digest
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey {
        case name, id, digest
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
    }

    /// Instants as RFC 3339 text, as everywhere in the project's files (ADR 0005).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(id, forKey: .id)
        try container.encode(digest, forKey: .digest)
        try container.encode(Instant.format(createdAt), forKey: .createdAt)
        try container.encodeIfPresent(lastUsedAt.map(Instant.format), forKey: .lastUsedAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        id = try container.decode(String.self, forKey: .id)
        digest = try container.decode(String.self, forKey: .digest)
        func instant(_ key: CodingKeys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = Instant.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not an RFC 3339 instant")
            }
            return date
        }
        guard let created = try instant(.createdAt) else {
            throw DecodingError.keyNotFound(CodingKeys.createdAt, .init(codingPath: decoder.codingPath, debugDescription: "missing"))
        }
        createdAt = created
        lastUsedAt = try instant(.lastUsedAt)
    }

    /// A new key called `name`: the secret to hand to its person once, and the record to
    /// keep. The secret is `lmk_` and 64 hex digits (256 random bits from the system's
    /// secure generator); the prefix lets a leaked key be recognised by secret scanners.
    ///
    /// - Throws: ``KeyStoreError`` when the name is not 1 to 64 letters, digits, `-`, `_` or `.`.
    public static func make(named name: String, at instant: Date) throws(KeyStoreError) -> (secret: String, record: AccessKeyRecord) {
        try validate(name: name)
        let secret = "lmk_" + SecureToken.make()
        let record = AccessKeyRecord(
            name: name, id: String(SecureToken.make().prefix(32)), digest: digest(of: secret), createdAt: instant)
        return (secret, record)
    }

    /// The hex SHA-256 digest of a presented key: what is compared with ``digest``.
    public static func digest(of secret: String) -> String {
        Hashing.sha256Hex(of: secret)
    }

    /// Refuses a name a listing could not show plainly.
    public static func validate(name: String) throws(KeyStoreError) {
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
        guard (1...64).contains(name.utf8.count), allowed else {
            throw KeyStoreError("a key's name is 1 to 64 letters, digits, '-', '_' or '.'; '\(name)' is not. Try a person's name, such as alice.")
        }
    }
}

/// The keys of a server could not be read or changed; the message says why and what to do.
/// It never holds a key.
public struct KeyStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words a person can act on.
    public let description: String
    /// Whether the machine refused (a full disk, a folder that cannot be written), rather
    /// than what was asked being wrong: a command ends on it with the environment's status.
    public let isEnvironmentFailure: Bool

    /// An error described by `description`; `isEnvironmentFailure` when the machine refused.
    public init(_ description: String, isEnvironmentFailure: Bool = false) {
        self.description = description
        self.isEnvironmentFailure = isEnvironmentFailure
    }
}
