import Domain
import Fixtures
import Foundation
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Saves and appends as fast as it can until it is killed, acknowledging each durable write:
///
///     history <uuid>          a session appended
///     settings <n>            the settings saved with a default duration of n seconds
///     document <key> <n>      the counter n put under key
///     pair <n>                n put under pair-a and pair-b in one batch
///     beside <key> <n>        the counter n put under key in the collection compacting beside its writes
///
/// The collections compact every 8 transactions, so kills also land mid-compaction: the
/// second one on a thread of its own, while the loop writes on (ADR 0053).
enum CrashLoop {
    static func run(folder: URL) -> Never {
        do {
            let history = try HistoryStore.open(directory: folder)
            let settings = try SettingsStore.open(directory: folder)
            let collection = try DocumentCollection.open(
                named: "crash", in: folder, schema: CrashCounter.schema, compactionThreshold: 8)
            let beside = try DocumentCollection.open(
                named: "crash-beside", in: folder, schema: CrashCounter.schema, compactionThreshold: 8,
                compaction: .besideTheWrites)
            var n = (collection.documents.values.map(\.value).max() ?? 0) + 1
            WorkerOutput.line("ready \(getpid())")
            while n < Int(SessionLimits.maximumActivityDuration) {
                let record = SessionRecordMother.makeRecord(
                    startedAt: InstantMother.makeInstant(secondsAfterMorning: Double(n) * 60))
                try history.append(record)
                WorkerOutput.line("history \(record.id.uuidString)")

                try settings.save(SettingsMother.makeSettings(defaultDurationSeconds: Double(n)))
                WorkerOutput.line("settings \(n)")

                let key = "activity-\(n % 3)"
                try collection.put(CrashCounter(value: n), for: key)
                WorkerOutput.line("document \(key) \(n)")

                try beside.put(CrashCounter(value: n), for: key)
                WorkerOutput.line("beside \(key) \(n)")

                if n % 4 == 0 {
                    try collection.apply([
                        .put(key: "pair-a", document: CrashCounter(value: n)),
                        .put(key: "pair-b", document: CrashCounter(value: n)),
                    ])
                    WorkerOutput.line("pair \(n)")
                }
                n += 1
            }
            WorkerOutput.line("done")
            exit(0)
        } catch {
            WorkerOutput.fail("\(error)")
        }
    }
}
