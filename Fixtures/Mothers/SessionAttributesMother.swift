import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Session attributes as the app meets them: typical names, and the names that stress a
/// terminal (long, emoji, CJK, right-to-left).
public enum SessionAttributesMother {
    /// A name, trusted to be valid; the fixtures below all are.
    public static func makeName(_ text: String = "Morning sit") -> SessionName {
        do { return try SessionName(text) } catch { preconditionFailure("fixture name is invalid: \(error)") }
    }

    /// Attributes with a realistic name and a five-minute plan (seeds/000's 300 s).
    public static func makeAttributes(
        name: String = "Morning sit", plannedSeconds: Double? = 300, bells: BellProgram? = nil, isGroup: Bool = false,
        channelStorage: ChannelStorage = .latest, startsAt: Date? = nil
    ) -> SessionAttributes {
        do {
            return try SessionAttributes(
                name: makeName(name), plannedSeconds: plannedSeconds, bells: bells, isGroup: isGroup, channelStorage: channelStorage,
                startsAt: startsAt)
        } catch {
            preconditionFailure("fixture attributes are invalid: \(error)")
        }
    }

    /// A group sit (ADR 0072): the sangha's evening half hour, which others follow; its
    /// channel keeps its latest state for late joiners unless `channelStorage` says nothing
    /// (ADR 0075).
    public static func makeGroupSit(
        name: String = "Evening sangha", plannedSeconds: Double? = 1_800, channelStorage: ChannelStorage = .latest
    ) -> SessionAttributes {
        makeAttributes(name: name, plannedSeconds: plannedSeconds, isGroup: true, channelStorage: channelStorage)
    }

    /// A sit scheduled to begin by itself at `startsAt` (ADR 0074): by default 4 minutes
    /// after the fixtures' morning, a group sit of 20 minutes.
    public static func makeScheduled(
        startsAt: Date = InstantMother.morning.addingTimeInterval(240), plannedSeconds: Double? = 1_200, isGroup: Bool = true,
        bells: BellProgram? = nil
    ) -> SessionAttributes {
        makeAttributes(name: "Dawn sit", plannedSeconds: plannedSeconds, bells: bells, isGroup: isGroup, startsAt: startsAt)
    }

    /// An open-ended session: no target.
    public static func makeOpenEnded(name: String = "Open sit") -> SessionAttributes {
        makeAttributes(name: name, plannedSeconds: nil)
    }

    /// The longest name allowed: 64 characters.
    public static let longName = "Sitting quietly by the window while the kettle warms up for tea."

    /// A name with emoji, including a skin tone and a ZWJ sequence.
    public static let emojiName = "🧘🏽‍♀️ Breathe 🌊"

    /// A name in Chinese characters, two cells wide each in a terminal.
    public static let cjkName = "静坐冥想"

    /// A name in right-to-left script.
    public static let rightToLeftName = "תרגול בוקר"
}
