#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A bell rung: the alert a push carries (ActivityKit's `AlertConfiguration`), which every
/// surface showing the session presents (a flash, a line, a sound) once.
///
/// It is derived from the change a push makes (``rung(from:to:)``), so the server that
/// makes the change is the only one that decides it, and a push read again (a client
/// reconnecting) carries the same alert: clients present each alert once, by its
/// ``number`` and ``kind``, and not at all when they see it more than
/// ``presentableFor`` after it was due (a laptop that slept through it).
public struct BellAlert: Hashable, Sendable {
    /// Which bell rang.
    public let kind: BellKind
    /// Which of its kind, from 1.
    public let number: Int
    /// How many of its kind the session has, or `nil` when they ring until it ends.
    public let of: Int?
    /// How many strikes it rings.
    public let strikes: Int
    /// When it was due, on the server's clock.
    public let due: Date

    /// How late an alert may be seen and still be presented: a minute.
    public static let presentableFor: Double = 60

    /// An alert of `bell`, due at `due`.
    public init(_ bell: Bell, due: Date) {
        kind = bell.kind
        number = bell.number
        of = bell.of
        strikes = bell.strikes
        self.due = Instant.canonical(due)
    }

    /// Whether a client that sees this alert at `now` presents it: at most
    /// ``presentableFor`` late (a clock a little behind the server's counts as on time).
    public func isPresentable(at now: Date) -> Bool {
        Seconds.between(due, now) <= Self.presentableFor
    }

    /// What rang, for a line of text: `bell 2 of 5`, `start bell`, `end bell`.
    public var summary: String {
        switch kind {
        case .start: return "start bell"
        case .end: return "end bell"
        case .interval: return "bell \(number)" + (of.map { " of \($0)" } ?? "")
        }
    }

    /// What rang, as a title: `Bell 2 of 5`, `Start bell`, `End bell`.
    public var title: String {
        summary.prefix(1).uppercased() + summary.dropFirst()
    }

    /// The alert the change from `previous` (`nil` for a new session) to `next` rings, if
    /// any: the end bell when the session ended completed or finished early, else the
    /// last of the bells before the end that the change rang (``ContentState/bellsRung``).
    public static func rung(from previous: Activity?, to next: Activity) -> BellAlert? {
        guard let program = next.attributes.bells else { return nil }
        let content = next.content
        if let outcome = content.outcome {
            guard previous?.content.isEnded != true, outcome == .completed || outcome == .finishedEarly,
                program.endStrikes > 0, let ended = next.lifecycle.endedAt
            else { return nil }
            return BellAlert(Bell(kind: .end, satSeconds: content.secondsElapsed, strikes: program.endStrikes, number: 1, of: 1), due: ended)
        }
        let before = previous?.content.bellsRung ?? 0
        guard content.bellsRung > before, let bell = program.bell(content.bellsRung - 1, target: content.targetTimeInSeconds)
        else { return nil }
        let due = previous?.content.date(whenSatReaches: bell.satSeconds) ?? next.lifecycle.startedAt
        return BellAlert(bell, due: min(due, content.measuredAt))
    }
}

extension BellAlert: Codable {
    enum CodingKeys: String, CodingKey { case kind, number, of, strikes, due }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(BellKind.self, forKey: .kind)
        number = try container.decode(Int.self, forKey: .number)
        of = try container.decodeIfPresent(Int.self, forKey: .of)
        strikes = try container.decode(Int.self, forKey: .strikes)
        due = try container.decodeInstant(forKey: .due)
    }

    /// `due` is an RFC 3339 instant to the millisecond, as every instant in the JSON is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(number, forKey: .number)
        try container.encodeIfPresent(of, forKey: .of)
        try container.encode(strikes, forKey: .strikes)
        try container.encodeInstant(due, forKey: .due)
    }
}
