#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The JSON of the Domain values the sync server keeps, written by hand: each is its type's
// `encode(to:)` through `JSONEncoder` with sorted keys, byte for byte, members in that
// order. `Tests/DomainTests/JSONWriterTests` holds every one to the encoder over Mothers and
// generated values; a field added to a type's `Codable` form must be added here too.

extension SessionName: JSONWritable {
    /// Writes the name as a string.
    public func write(to writer: inout JSONWriter) {
        writer.string(value)
    }
}

extension BellProgram: JSONWritable {
    /// Writes the program as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("end_strikes")
        writer.integer(endStrikes)
        switch interval {
        case .at(let instants)?:
            writer.key("interval_at_seconds")
            writer.beginArray()
            for instant in instants { writer.number(instant) }
            writer.endArray()
        case .every(let seconds)?:
            writer.key("interval_every_seconds")
            writer.number(seconds)
        case nil: break
        }
        writer.key("interval_strikes")
        writer.integer(intervalStrikes)
        writer.key("start_strikes")
        writer.integer(startStrikes)
        writer.key("warm_up_seconds")
        writer.number(warmUpSeconds)
        writer.endObject()
    }
}

extension SessionAttributes: JSONWritable {
    /// Writes the attributes as their `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let bells {
            writer.key("bells")
            writer.value(bells)
        }
        if channelStorage != .latest {
            writer.key("channel_storage")
            writer.string(channelStorage.rawValue)
        }
        if isGroup {
            writer.key("group")
            writer.bool(true)
        }
        writer.key("name")
        writer.value(name)
        writer.key("planned_seconds")
        if let plannedSeconds { writer.number(plannedSeconds) } else { writer.null() }
        if let startsAt {
            writer.key("starts_at")
            writer.instant(startsAt)
        }
        writer.endObject()
    }
}

extension ContentState: JSONWritable {
    /// Writes the state as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if bellsRung > 0 {
            writer.key("bells_rung")
            writer.integer(bellsRung)
        }
        writer.key("is_paused")
        writer.bool(isPaused)
        writer.key("measured_at")
        writer.instant(measuredAt)
        if mostSitting > 0 {
            writer.key("most_sitting")
            writer.integer(mostSitting)
        }
        writer.key("outcome")
        if let outcome { writer.string(outcome.rawValue) } else { writer.null() }
        writer.key("seconds_elapsed")
        writer.number(secondsElapsed)
        writer.key("show_seconds")
        writer.bool(showSeconds)
        if sitting > 0 {
            writer.key("sitting")
            writer.integer(sitting)
        }
        if let startsAt {
            writer.key("starts_at")
            writer.instant(startsAt)
        }
        writer.key("target_seconds")
        if let targetTimeInSeconds { writer.number(targetTimeInSeconds) } else { writer.null() }
        if warmUpLeft > 0 {
            writer.key("warm_up_left_seconds")
            writer.number(warmUpLeft)
        }
        writer.endObject()
    }
}

extension DismissalPolicy: JSONWritable {
    /// Writes the policy as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .default:
            writer.key("kind")
            writer.string("default")
        case .immediate:
            writer.key("kind")
            writer.string("immediate")
        case .after(let date):
            writer.key("date")
            writer.instant(date)
            writer.key("kind")
            writer.string("after")
        }
        writer.endObject()
    }
}

extension ActivityLifecycle: JSONWritable {
    /// Writes the lifecycle as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let codeRevokedAt {
            writer.key("code_revoked_at")
            writer.instant(codeRevokedAt)
        }
        writer.key("dismissal_policy")
        writer.value(dismissalPolicy)
        writer.key("ended_at")
        if let endedAt { writer.instant(endedAt) } else { writer.null() }
        writer.key("started_at")
        writer.instant(startedAt)
        writer.endObject()
    }
}

extension Activity: JSONWritable {
    /// Writes the activity as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("attributes")
        writer.value(attributes)
        writer.key("content")
        writer.value(content)
        writer.key("lifecycle")
        writer.value(lifecycle)
        writer.endObject()
    }
}

extension BellAlert: JSONWritable {
    /// Writes the alert as its `encode(to:)` does.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("due")
        writer.instant(due)
        writer.key("kind")
        writer.string(kind.rawValue)
        writer.key("number")
        writer.integer(number)
        if let of {
            writer.key("of")
            writer.integer(of)
        }
        writer.key("strikes")
        writer.integer(strikes)
        writer.endObject()
    }
}
