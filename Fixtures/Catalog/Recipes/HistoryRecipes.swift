import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering

/// The history list: a set of records, newest first, and the row kept in view.
public struct HistoryRecipe: ControlledRecipe, Hashable {
    /// Which records.
    public var records: RecordSet
    /// The row kept visible; below zero for none.
    public var focus: Double

    /// A history of `records`, focused on row `focus` (`nil` for none).
    public init(records: RecordSet, focus: Int? = nil) {
        self.records = records
        self.focus = focus.map(Double.init) ?? -1
    }

    public static let controls: [RecipeControl<HistoryRecipe>] = [
        .choice("records", "Records", \.records),
        .number("focus", "Row kept in view (-1: none)", \.focus, range: -1...100_000, step: 1),
    ]

    private var focusRow: Int? { focus >= 0 ? Int(focus) : nil }

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add("records", code: records == .empty ? "[]" : "\(records.fixture).reversed()")
        arguments.add("focus", focusRow, default: nil) { $0.map(String.init) ?? "nil" }
        return SwiftLiteral.call("HistoryList", arguments.list)
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }
    public func view() -> AnyView { HistoryList(records: records.newestFirst, focus: focusRow).erased }
}

/// The stats screen: the stats of a set of records as of the fixtures' morning.
public struct StatsRecipe: ControlledRecipe, Hashable {
    /// Which records.
    public var records: RecordSet
    /// How many days the charts cover.
    public var days: Double

    /// Stats of `records` over `days` days.
    public init(records: RecordSet, days: Int = 84) {
        self.records = records
        self.days = Double(days)
    }

    public static let controls: [RecipeControl<StatsRecipe>] = [
        .choice("records", "Records", \.records),
        .number("days", "Days covered", \.days, range: 1...366, step: 7),
    ]

    public var fixture: String {
        var arguments = MotherArguments()
        arguments.add("records", code: records.fixture)
        arguments.add("days", Int(days), default: 84) { String($0) }
        return SwiftLiteral.call("SessionStatsMother.makeStats", arguments.list)
    }

    public var instant: Date { InstantMother.morning }
    public var provenance: Provenance { .notPushed }

    /// What the stats are counted from: the records and the whole days.
    var statsKey: StatsCache.Key { StatsCache.Key(records: records, days: Int(days)) }

    /// The stats screen, with stats counted once per set of inputs (`StatsCache`), not
    /// on every frame `browse` draws.
    public func view() -> AnyView {
        StatsView(stats: StatsCache.shared.stats(statsKey)).erased
    }
}
