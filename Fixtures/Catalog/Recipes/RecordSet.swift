import Domain

/// The histories the catalog shows, from none to 100,000 sessions, each made once and
/// kept: the big ones cost tens of milliseconds to make, and every variant reuses them.
public enum RecordSet: String, Hashable, Sendable, CaseIterable {
    /// A new installation.
    case empty
    /// One completed sit.
    case one
    /// Three recent sessions with stressing names and every outcome.
    case recent
    /// A realistic year with gaps.
    case year
    /// A sit every day for a year.
    case longStreak
    /// 100,000 sessions, several a day.
    case hundredThousand

    /// The records, oldest first, as the Mothers make them.
    public var records: [SessionRecord] {
        switch self {
        case .empty: return []
        case .one: return Self.oneRecord
        case .recent: return Self.recentRecords
        case .year: return Self.yearRecords
        case .longStreak: return Self.streakRecords
        case .hundredThousand: return Self.manyRecords
        }
    }

    /// The records newest first, as a history list shows them.
    public var newestFirst: [SessionRecord] {
        switch self {
        case .empty: return []
        case .one: return Self.oneRecord
        case .recent: return Array(Self.recentRecords.reversed())
        case .year: return Self.yearNewestFirst
        case .longStreak: return Self.streakNewestFirst
        case .hundredThousand: return Self.manyNewestFirst
        }
    }

    /// The Mother call that makes them, as Swift source.
    public var fixture: String {
        switch self {
        case .empty: return "[]"
        case .one: return "[SessionRecordMother.makeRecord()]"
        case .recent: return "SessionRecordMother.makeRecent()"
        case .year: return "SessionRecordMother.makeYear()"
        case .longStreak: return "SessionRecordMother.makeStreak(days: 365)"
        case .hundredThousand: return "SessionRecordMother.makeMany()"
        }
    }

    private static let oneRecord = [SessionRecordMother.makeRecord()]
    private static let recentRecords = SessionRecordMother.makeRecent()
    private static let yearRecords = SessionRecordMother.makeYear()
    private static let yearNewestFirst = Array(yearRecords.reversed())
    private static let streakRecords = SessionRecordMother.makeStreak(days: 365)
    private static let streakNewestFirst = Array(streakRecords.reversed())
    private static let manyRecords = SessionRecordMother.makeMany()
    private static let manyNewestFirst = Array(manyRecords.reversed())
}
