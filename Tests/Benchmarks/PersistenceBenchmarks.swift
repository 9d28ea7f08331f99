import Domain
import Fixtures
import Foundation
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Figures for Persistence, on the disk the temporary folder is on: what a durable save
/// costs beside its bare parts, whether an append stays flat as the history grows, and how
/// long 100,000 sessions take to load and summarise.
enum PersistenceBenchmarks {
    static func run() {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("moments-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            try durableSave(in: root.appendingPathComponent("save"))
            try history(in: root)
            try collection(in: root.appendingPathComponent("collection"))
        } catch {
            print("persistence benchmarks failed: \(error)")
        }
    }

    /// A durable save of a settings-sized file, beside the bare `write`+`fsync` and the bare
    /// `rename` of the same bytes, measured in the same run on the same folder.
    private static func durableSave(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = try encoder.encode(SettingsMother.makeMinimalist())
        let target = folder.appendingPathComponent("settings.json")
        let scratch = folder.appendingPathComponent("scratch")
        let samples = 300

        report("persistence.save durable (\(bytes.count) B)", try sample(samples) {
            try DurableFile.save(bytes, to: target)
        })
        var serial = 0
        report("persistence.save bare new file+write+fsync", sample(samples) {
            serial += 1
            let path = folder.appendingPathComponent("bare-\(serial)").path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            fsync(fd)
            close(fd)
        })
        report("persistence.save bare overwrite+fsync in place", sample(samples) {
            let fd = open(scratch.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            fsync(fd)
            close(fd)
        })
        report("persistence.save bare rename (no sync)", sample(samples, setup: {
            serial += 1
            fill(folder.appendingPathComponent("bare-\(serial % samples + 1)"))
        }) {
            rename(folder.appendingPathComponent("bare-\(serial % samples + 1)").path, target.path)
        })
        report("persistence.save bare folder fsync (after a rename)", sample(samples, setup: {
            fill(scratch)
            rename(scratch.path, target.path)
        }) {
            let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            fsync(fd)
            close(fd)
        })

        /// Writes the bytes to a file without syncing, to set up a bare rename.
        func fill(_ url: URL) {
            let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
    }

    /// Appends at 1,000 and 100,000 sessions, then loading and summarising 100,000.
    private static func history(in root: URL) throws {
        let small = root.appendingPathComponent("history-1k")
        let large = root.appendingPathComponent("history-100k")
        let many = SessionRecordMother.makeMany(count: 100_000)
        for (folder, records) in [(small, Array(many.suffix(1_000))), (large, many)] {
            let store = try HistoryStore.open(directory: folder)
            try store.append(contentsOf: records)
            store.close()
        }

        // Appends alternate between the two histories, so a burst of disk activity from
        // elsewhere weighs on both figures alike.
        let smallStore = try HistoryStore.open(directory: small)
        let largeStore = try HistoryStore.open(directory: large)
        var smallFigures: [Double] = []
        var largeFigures: [Double] = []
        var next = InstantMother.morning
        let appends = 300
        for _ in 0..<appends {
            next.addTimeInterval(3_600)
            smallFigures += try sample(1) { try smallStore.append(SessionRecordMother.makeRecord(startedAt: next)) }
            largeFigures += try sample(1) { try largeStore.append(SessionRecordMother.makeRecord(startedAt: next)) }
        }
        smallStore.close()
        largeStore.close()
        report("persistence.history append (at 1,000)", smallFigures)
        report("persistence.history append (at 100,000)", largeFigures)
        Bench.report(
            "persistence.history append ratio 100,000 / 1,000",
            value: percentile(largeFigures, 0.5) / percentile(smallFigures, 0.5), unit: "x")

        let size = (try? FileManager.default.attributesOfItem(
            atPath: large.appendingPathComponent(HistoryStore.fileName).path)[.size] as? Int) ?? 0
        Bench.report("persistence.history file size (100,300 sessions)", value: Double(size) / 1_048_576, unit: "MiB")
        let load = try sample(7) {
            let store = try HistoryStore.open(directory: large)
            Bench.blackHole(store.count)
            store.close()
        }
        report("persistence.history load 100,000 (target < 300 ms)", load)

        let store = try HistoryStore.open(directory: large)
        defer { store.close() }
        let records = store.records
        let stats = sample(11) {
            Bench.blackHole(SessionStats(records: records, timeZone: .utc, now: InstantMother.morning))
        }
        report("persistence.stats over 100,000 (target < 50 ms)", stats)
    }

    /// Durable small writes to a document collection, one by one and in batches.
    private static func collection(in folder: URL) throws {
        let collection = try DocumentCollection.open(
            named: "bench", in: folder, schema: DocumentSchema<ActivityCounter>(name: "bench/counter", version: 1))
        defer { collection.close() }
        var counter = 0
        report("persistence.collection put (one per sync)", try sample(300) {
            counter += 1
            try collection.put(ActivityCounter(version: counter, token: "t\(counter)"), for: "activity-\(counter % 8)")
        })
        let batch = try sample(100) {
            let changes = (0..<32).map { offset -> CollectionChange<ActivityCounter> in
                counter += 1
                return .put(key: "activity-\(offset % 8)", document: ActivityCounter(version: counter, token: "t"))
            }
            try collection.apply(changes)
        }
        report("persistence.collection put (32 per sync, per put)", batch.map { $0 / 32 })
    }

    /// A small document like the server's per-activity record.
    private struct ActivityCounter: Codable, Sendable {
        var version: Int
        var token: String
    }

    /// Runs `body` `count` times, answering each call's seconds.
    private static func sample(_ count: Int, _ body: () throws -> Void) rethrows -> [Double] {
        var figures: [Double] = []
        figures.reserveCapacity(count)
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            figures.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return figures
    }

    /// Runs `setup` then `step` `count` times, answering the seconds of each `step` alone.
    private static func sample(_ count: Int, setup: () -> Void, step: () -> Void) -> [Double] {
        var figures: [Double] = []
        figures.reserveCapacity(count)
        for _ in 0..<count {
            setup()
            let start = DispatchTime.now().uptimeNanoseconds
            step()
            figures.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return figures
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        Bench.percentile(values, p)
    }

    /// Prints the median and the 99th percentile of `figures`.
    private static func report(_ name: String, _ figures: [Double]) {
        Bench.report(name, seconds: percentile(figures, 0.5))
        if figures.count >= 100 {
            Bench.report(name, seconds: percentile(figures, 0.99), label: "p99   ")
        }
    }
}
