import Foundation

/// A tiny benchmark harness: runs a body many times, and prints one line per figure,
/// `name  median  unit`, so a run can be read by a person and compared by a script.
///
/// Speed is measured here, in a release build (`swift run -c release Benchmarks`), never
/// in timed tests.
enum Bench {
    /// Measures `body` `samples` times, each sample running it `batch` times, and prints
    /// the median per call in the unit that fits (ns, µs or ms). Answers the median seconds.
    @discardableResult
    static func time(
        _ name: String, samples: Int = 31, batch: Int = 1, _ body: () throws -> Void
    ) rethrows -> Double {
        var perCall: [Double] = []
        perCall.reserveCapacity(samples)
        for _ in 0..<samples {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<batch { try body() }
            let end = DispatchTime.now().uptimeNanoseconds
            perCall.append(Double(end - start) / 1e9 / Double(batch))
        }
        let median = percentile(perCall, 0.5)
        report(name, seconds: median)
        return median
    }

    /// Prints a duration figure in the unit that fits it, and `beside` it the floor
    /// measured in the same run, if any.
    static func report(_ name: String, seconds: Double, label: String = "median", beside: String? = nil) {
        let (value, unit): (Double, String) =
            seconds < 1e-6 ? (seconds * 1e9, "ns") : seconds < 1e-3 ? (seconds * 1e6, "µs") : (seconds * 1e3, "ms")
        line(name, label, value, unit, beside: beside)
    }

    /// Prints the p50 and p99 of `latencies` (seconds) as two figures, `NAME, p50SUFFIX`
    /// and `NAME, p99SUFFIX`, each with its floor `beside` it.
    static func reportTail(_ name: String, _ latencies: [Double], suffix: String = "", beside: String? = nil) {
        report("\(name), p50\(suffix)", seconds: percentile(latencies, 0.5), label: "p50   ", beside: beside)
        report("\(name), p99\(suffix)", seconds: percentile(latencies, 0.99), label: "p99   ", beside: beside)
    }

    /// Prints a figure that is not a duration (bytes, a ratio, a count), with its floor
    /// `beside` it, if any.
    static func report(_ name: String, value: Double, unit: String, label: String = "median", beside: String? = nil) {
        line(name, label, value, unit, beside: beside)
    }

    /// A duration in the unit that fits it, for a floor's note: `1.234 ms`.
    static func duration(_ seconds: Double) -> String {
        let (value, unit): (Double, String) =
            seconds < 1e-6 ? (seconds * 1e9, "ns") : seconds < 1e-3 ? (seconds * 1e6, "µs") : (seconds * 1e3, "ms")
        return "\(String(format: "%.3f", value)) \(unit)"
    }

    /// The `p`-quantile (0...1) of `values`, by nearest rank.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// Keeps a value alive so the optimiser cannot remove the work that made it.
    @inline(never)
    static func blackHole<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    private static func line(_ name: String, _ label: String, _ value: Double, _ unit: String, beside: String? = nil) {
        let padded = name.padding(toLength: max(name.count, 48), withPad: " ", startingAt: 0)
        let floor = beside.map { "   floor: \($0)" } ?? ""
        print("\(padded)  \(label) \(String(format: "%10.3f", value)) \(unit)\(floor)")
    }
}
