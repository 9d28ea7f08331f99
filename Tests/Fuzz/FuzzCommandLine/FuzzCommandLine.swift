import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FuzzSupport
import LiveApp

/// The command line's fuzz target: everything a person types as a value. The same text
/// goes to `DurationText` (`moments start 10m`), to every setting of `Settings.set`
/// (`moments settings set KEY VALUE`, and as a key name), to `--since` and to `start --at`.
///
/// Properties: a duration read is a valid target, and the clock form shown for it reads
/// back to the same seconds; a refused setting changes nothing, an accepted one encodes
/// and decodes to itself and is shown by `value(of:)` in a form `set` reads back to the
/// same settings (a duration: when it is a whole number of seconds); a day `--since`
/// reads is written back and read to itself; a time `--at` reads is written back and read
/// to itself, and a time of day is the next one to come, within a day.
enum CommandLineFuzz {
    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        duration(text)
        settings(text)
        since(text)
        at(text)
    }

    static func at(_ text: String) {
        guard let asked = try? ScheduledStart(at: text) else { return }
        let written: String
        switch asked {
        case .clock(let hour, let minute):
            written = padded(hour, 2) + ":" + padded(minute, 2)
            let now = Date(timeIntervalSince1970: 1_795_246_200)
            let instant = asked.instant(in: .utc, now: now)
            fuzzRequire(instant.map { $0 > now && $0.timeIntervalSince(now) <= 86_400 } == true, "--at '\(text)' is \(String(describing: instant)), not within the day to come")
        case .local(let year, let month, let day, let hour, let minute):
            written = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(hour, 2) + ":" + padded(minute, 2)
        case .after:
            fuzzRequire(false, "--at '\(text)' read as a duration")
            return
        }
        fuzzRequire((try? ScheduledStart(at: written)) == asked, "--at '\(text)' is \(asked), written '\(written)', which reads otherwise")
    }

    static func duration(_ text: String) {
        guard let seconds = try? DurationText.parse(text) else { return }
        fuzzRequire(SessionLimits.targetRange.contains(seconds), "'\(text)' read as \(seconds) s, outside the range")
        guard seconds == seconds.rounded() else { return }
        let shown = timerDisplayFromSeconds(seconds: seconds, showSeconds: true)
        let again = try? DurationText.parse(shown)
        fuzzRequire(again == seconds, "'\(text)' is \(seconds) s, shown as '\(shown)', which reads as \(String(describing: again))")
    }

    static func settings(_ text: String) {
        let before = Settings.standard
        var unknown = before
        if (try? unknown.set(text, to: "on")) == nil {
            fuzzRequire(unknown == before, "a refused key '\(text)' changed the settings")
        }
        for key in Settings.Key.allCases {
            var settings = before
            do {
                try settings.set(key.rawValue, to: text)
            } catch {
                fuzzRequire(settings == before, "a refused \(key.rawValue) '\(text)' changed the settings")
                continue
            }
            // A duration is kept to the millisecond but shown to the second (by design:
            // DurationPrecisionTests), so only a whole number of seconds reads back exactly.
            let decoded = try? JSONDecoder().decode(Settings.self, from: JSONEncoder().encode(settings))
            fuzzRequire(decoded == settings, "settings after \(key.rawValue) '\(text)' do not encode and decode to themselves")
            let seconds = settings.defaultDurationSeconds
            if key == .defaultDuration, seconds != seconds.rounded() { continue }
            var again = before
            let shown = settings.value(of: key)
            fuzzRequire((try? again.set(key.rawValue, to: shown)) != nil && again == settings,
                "\(key.rawValue) '\(text)' is shown as '\(shown)', which does not read back to the same settings")
        }
    }

    static func since(_ text: String) {
        guard let since = try? HistorySince(parsing: text), case .day(let year, let month, let day) = since else { return }
        let written = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
        fuzzRequire((try? HistorySince(parsing: written)) == since, "--since '\(text)' is \(since), written '\(written)', which reads otherwise")
    }

    /// `value` in at least `digits` digits, as a year, a month or a day is written.
    static func padded(_ value: Int, _ digits: Int) -> String {
        String(repeating: "0", count: max(0, digits - String(value).count)) + String(value)
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    CommandLineFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzCommandLineMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzCommandLine", corpus: FuzzCorpus.folder(beside: #filePath), check: CommandLineFuzz.check)
        #endif
    }
}
