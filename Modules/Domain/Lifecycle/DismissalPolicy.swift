#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When an ended activity leaves the screen, as ActivityKit's `ActivityUIDismissalPolicy`.
public enum DismissalPolicy: Hashable, Sendable {
    /// The system's default: visible for up to 4 hours after the end.
    case `default`
    /// Gone as soon as it ends.
    case immediate
    /// Gone at the given instant, but never before the end nor more than 4 hours after it.
    case after(Date)

    /// The dismissal instant for an activity that ended at `endedAt`.
    public func dismissalDate(endedAt: Date) -> Date {
        let latest = endedAt.addingTimeInterval(SessionLimits.maximumDismissalDelay)
        switch self {
        case .default: return latest
        case .immediate: return endedAt
        case .after(let date): return min(max(date, endedAt), latest)
        }
    }
}

extension DismissalPolicy: Codable {
    enum CodingKeys: String, CodingKey { case kind, date }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "default": self = .default
        case "immediate": self = .immediate
        case "after": self = .after(try container.decodeInstant(forKey: .date))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "'kind' must be default, immediate or after, not '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .default: try container.encode("default", forKey: .kind)
        case .immediate: try container.encode("immediate", forKey: .kind)
        case .after(let date):
            try container.encode("after", forKey: .kind)
            try container.encodeInstant(date, forKey: .date)
        }
    }
}
