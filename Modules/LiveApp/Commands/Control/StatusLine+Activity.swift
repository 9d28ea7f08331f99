import ArgumentParser
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import SyncProtocol

extension StatusLine {
    /// The line of a session as the server last pushed it, as every `moments` command
    /// prints it: shown in the person's time display, stale once its stale date has
    /// passed; a dismissed session is no session (its empty form).
    init(snapshot: ActivitySnapshot?, timeDisplay: Settings.TimeDisplay, at now: Date) {
        guard let snapshot, snapshot.event != .dismiss else {
            self.init(session: nil)
            return
        }
        self.init(session: SessionDisplay(activity: snapshot.activity, timeDisplay: timeDisplay, alert: snapshot.alert, at: now))
    }
}

/// `--format`, one of ``Rendering/StatusLineFormat``'s names.
struct StatusFormatArgument: ExpressibleByArgument {
    /// The format named.
    let format: StatusLineFormat

    init?(argument: String) {
        guard let format = StatusLineFormat(rawValue: argument) else { return nil }
        self.format = format
    }

    init(_ format: StatusLineFormat) { self.format = format }

    var defaultValueDescription: String { format.rawValue }

    static var allValueStrings: [String] { StatusLineFormat.allCases.map(\.rawValue) }
}
