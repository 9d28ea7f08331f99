import SyncProtocol
/// How the server answered an intent: applied (or an idempotent no-op), refused by the
/// rules, or refused because it was based on a version that had moved on.
public enum IntentOutcome: Hashable, Sendable {
    /// Applied, or a no-op such as pausing a paused session: the state after it.
    case applied(ActivitySnapshot)
    /// The rules refused it; nothing changed. The code is `Domain.TransitionError.code`.
    case refused(code: String, message: String, current: ActivitySnapshot)
    /// It named a version that is no longer current; nothing was applied.
    case staleVersion(expected: UInt64, current: ActivitySnapshot)

    /// The state the answer carries.
    public var snapshot: ActivitySnapshot {
        switch self {
        case .applied(let snapshot), .refused(_, _, let snapshot), .staleVersion(_, let snapshot): return snapshot
        }
    }
}

extension IntentOutcome: Codable {
    enum CodingKeys: String, CodingKey { case kind, code, message, expected, snapshot }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let snapshot = try container.decode(ActivitySnapshot.self, forKey: .snapshot)
        switch try container.decode(String.self, forKey: .kind) {
        case "applied": self = .applied(snapshot)
        case "refused":
            self = .refused(
                code: try container.decode(String.self, forKey: .code),
                message: try container.decode(String.self, forKey: .message), current: snapshot)
        case "stale_version":
            self = .staleVersion(expected: try container.decode(UInt64.self, forKey: .expected), current: snapshot)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown answer kind '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(snapshot, forKey: .snapshot)
        switch self {
        case .applied: try container.encode("applied", forKey: .kind)
        case .refused(let code, let message, _):
            try container.encode("refused", forKey: .kind)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
        case .staleVersion(let expected, _):
            try container.encode("stale_version", forKey: .kind)
            try container.encode(expected, forKey: .expected)
        }
    }
}
