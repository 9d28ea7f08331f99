import Foundation

/// A Prometheus exposition as a real client fetched it: `curl` for the text, `promtool`
/// (Debian's `prometheus` package, which `Scripts/prepare-tests` installs) for its lint,
/// and the samples read back by name and labels.
public struct MetricsScrape: Sendable {
    /// The text, as served.
    public let text: String
    /// Every sample: its name, its labels, its value.
    public let samples: [Sample]

    /// One line of the exposition: `name{label="value",…} number`.
    public struct Sample: Sendable, Hashable {
        /// The metric's name, with its `_bucket`, `_sum` or `_count` suffix where it has one.
        public let name: String
        /// Its labels.
        public let labels: [String: String]
        /// Its value.
        public let value: Double
    }

    /// Reads `text`.
    public init(text: String) {
        self.text = text
        samples = text.split(separator: "\n").compactMap(Self.sample)
    }

    /// `GET url` with curl, which fails on any status but 2xx.
    public static func fetch(_ url: String) async throws -> MetricsScrape {
        try await offThePool { MetricsScrape(text: try ProcessRunner.run("curl", ["-sS", "--fail", "--max-time", "30", url])) }
    }

    /// The status `GET url` is answered with, by curl.
    public static func status(of url: String) async throws -> Int {
        try await offThePool {
            Int(try ProcessRunner.run("curl", ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "30", url])) ?? 0
        }
    }

    /// The value of the sample `name` with exactly `labels`; `nil` when there is none.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        samples.first { $0.name == name && $0.labels == labels }?.value
    }

    /// The sum of every sample called `name` whose labels include `labels`.
    public func total(_ name: String, where labels: [String: String] = [:]) -> Double {
        samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
            .reduce(0) { $0 + $1.value }
    }

    /// What `promtool check metrics` says of the text: empty when it finds nothing wrong.
    ///
    /// - Throws: when promtool is not installed, saying what installs it.
    public func lint() async throws -> String {
        let text = self.text
        return try await offThePool {
            guard (try? ProcessRunner.run("bash", ["-c", "command -v promtool"])) != nil else {
                throw MissingTool(
                    description: "promtool is not installed: run Scripts/prepare-tests (it installs Debian's prometheus package)")
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scrape-\(UUID().uuidString).txt")
            try Data(text.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            do {
                return try ProcessRunner.run("bash", ["-c", "promtool check metrics < \"$0\" 2>&1", file.path])
            } catch let failure as ProcessRunner.Failure {
                return "promtool exited \(failure.status): \(failure.output)\(failure.errors)"
            }
        }
    }

    /// A program a test needs is missing.
    public struct MissingTool: Error, CustomStringConvertible {
        /// What is missing and what installs it.
        public let description: String
    }

    private static func sample(_ line: Substring) -> Sample? {
        guard !line.hasPrefix("#"), let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...])
        else { return nil }
        let key = line[..<space]
        guard let open = key.firstIndex(of: "{") else { return Sample(name: String(key), labels: [:], value: value) }
        var labels: [String: String] = [:]
        // Label values here never hold a comma or a quote: the server's are codes and numbers.
        for pair in key[key.index(after: open)..<(key.lastIndex(of: "}") ?? key.endIndex)].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return Sample(name: String(key[..<open]), labels: labels, value: value)
    }
}
