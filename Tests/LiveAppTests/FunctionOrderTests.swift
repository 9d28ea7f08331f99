import Foundation
import Testing
import TestSupport

/// `moments`' code begins with the functions its sessions call, in the order
/// `Apps/Live/FunctionOrder.txt` lists them, and `Scripts/order-functions` finds those
/// functions by running the program (ADR 0048).
@Suite("The order of moments' functions", .blocking)
struct FunctionOrderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each function of `binary`'s `.text` with its place in it, from 0 (the start) to 1.
    static func places(in binary: URL) throws -> [(name: String, place: Double)] {
        let sections = try ProcessRunner.run("readelf", ["--section-headers", "--wide", binary.path])
        let text = try #require(
            sections.split(separator: "\n").map { $0.replacingOccurrences(of: "[ ", with: "[").split(separator: " ") }
                .first { $0.count > 6 && $0[1] == ".text" })
        let (start, size) = (try #require(Int(text[3], radix: 16)), try #require(Int(text[5], radix: 16)))
        // `nm -S`: address, size, kind, name; the functions are the t, T, w and W symbols.
        let symbols = try ProcessRunner.run("nm", ["--defined-only", "--print-size", binary.path])
        return symbols.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, "tTwW".contains(fields[2]), let address = Int(fields[0], radix: 16),
                (start..<start + size).contains(address)
            else { return nil }
            return (String(fields[3]), Double(address - start) / Double(size))
        }
    }

    @Test("the functions FunctionOrder.txt lists come before most of the others in moments' code")
    func listedFunctionsComeFirst() throws {
        let order = try String(contentsOf: Self.root.appendingPathComponent("Apps/Live/FunctionOrder.txt"), encoding: .utf8)
        let listed = Set(order.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
        let places = try Self.places(in: try BuiltProduct.url(of: "moments"))
        let first = places.filter { listed.contains($0.name) }.map(\.place).sorted()
        let others = places.filter { !listed.contains($0.name) }.map(\.place).sorted()
        // A debug build lacks the release build's specialisations, but most names are there.
        #expect(first.count > listed.count / 2, "moments defines \(first.count) of the \(listed.count) names listed")
        // Laid out first, nearly all of them precede the middle of the rest; unordered, they
        // would be spread over the whole of `.text` like the rest.
        let nearlyAll = try #require(first.isEmpty ? nil : first[first.count * 95 / 100])
        let middle = try #require(others.isEmpty ? nil : others[others.count / 2])
        #expect(nearlyAll < middle, "95 % of the listed functions end at \(nearlyAll) of .text, the others' middle is \(middle)")
    }

    @Test("Scripts/order-functions --calls lists the functions a process calls, each once, first call first")
    func tracerListsCalls() throws {
        let binary = try BuiltProduct.url(of: "moments")
        let output = try ProcessRunner.run(
            Self.root.appendingPathComponent("Scripts/order-functions").path, ["--calls", "20", binary.path, "--version"])
        let calls = output.split(separator: "\n").map(String.init)
        #expect(calls.first == "_start", "\(calls.prefix(5))")
        #expect(calls.contains("MomentsLive_main"))
        #expect(calls.contains { $0.hasPrefix("$s7LiveApp") }, "the app's own code parses the command line")
        #expect(Set(calls).count == calls.count, "a function is listed once, at its first call")
        // `--version` prints and exits: it builds no sync server.
        #expect(!calls.contains { $0.hasPrefix("$s4Sync0A6ServerC") })
    }
}
