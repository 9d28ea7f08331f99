import Domain
import Foundation

/// The two checks of a linearizability-style history check, on what a run left behind:
/// the Sync suite runs it on one server, the PostgreSQL suite on three sharing a database.
public enum HistoryCheck {
    /// One committed state of an activity, and the intent that made it.
    public struct Step<Key: Hashable & Sendable>: Sendable {
        public let version: UInt64
        public let timestamp: Date
        public let activity: Activity
        /// The intent that made this state, and its key; `nil` for the start and for a
        /// clock rule.
        public let madeBy: (key: Key, intent: Intent)?

        public init(version: UInt64, timestamp: Date, activity: Activity, madeBy: (key: Key, intent: Intent)?) {
            self.version = version
            self.timestamp = timestamp
            self.activity = activity
            self.madeBy = madeBy
        }
    }

    /// One intent as its client saw it: sent and answered at instants of one logical clock.
    public struct Call<Key: Hashable & Sendable>: Sendable {
        public let key: Key
        public let activityID: String
        public let sentAt: Int
        public let answeredAt: Int

        public init(key: Key, activityID: String, sentAt: Int, answeredAt: Int) {
            self.key = key
            self.activityID = activityID
            self.sentAt = sentAt
            self.answeredAt = answeredAt
        }
    }

    /// The versions, of one activity's steps in version order, that a replay through
    /// Domain alone does not reproduce: the first step is taken as it is, each next one is
    /// its intent applied to the state before at its time, or, for a clock rule, the state
    /// before advanced to its time.
    public static func unreplayed<Key>(_ steps: [Step<Key>]) throws -> [UInt64] {
        var replayed: Activity?
        var mismatches: [UInt64] = []
        for step in steps {
            if let current = replayed {
                if let madeBy = step.madeBy {
                    replayed = try Transition.apply(madeBy.intent, to: current, at: step.timestamp)
                } else {
                    replayed = Transition.advance(current, to: step.timestamp)
                }
            } else {
                replayed = step.activity
            }
            if replayed != step.activity { mismatches.append(step.version) }
        }
        return mismatches
    }

    /// The pairs of intents that break real time: on one activity, a change answered
    /// before the other intent was sent, yet not at a lower version. `changedAt` holds
    /// the version each changing intent made.
    public static func realTimeViolations<Key>(_ calls: [Call<Key>], changedAt: [Key: UInt64]) -> [(Key, Key)] {
        let changing = calls.filter { changedAt[$0.key] != nil }
        var violations: [(Key, Key)] = []
        for a in changing {
            for b in changing where a.activityID == b.activityID && a.answeredAt < b.sentAt {
                if let first = changedAt[a.key], let second = changedAt[b.key], first >= second { violations.append((a.key, b.key)) }
            }
        }
        return violations
    }
}
