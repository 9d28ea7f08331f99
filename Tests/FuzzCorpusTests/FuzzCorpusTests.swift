import Foundation
import TestSupport
import Testing

/// Every fuzz target, built plainly beside the tests, replays its committed corpus: the
/// seeds and every input that ever made a target fail. So `swift test` holds each
/// parser to its fuzz properties on those inputs, without libFuzzer or a sanitizer
/// (Documentation/Fuzzing.md).
@Suite("Fuzz corpora", .ownThreads)
struct FuzzCorpusTests {
    static let targets = [
        "FuzzKeyDecoder", "FuzzCommandLine", "FuzzServerRequests", "FuzzClientStream", "FuzzDocuments", "FuzzRendering",
    ]

    @Test("each target's corpus replays with every property holding", arguments: targets)
    func replay(_ target: String) throws {
        let run = try BuiltProduct.run(target, [])
        #expect(run.status == 0, "\(target): \(run.output)\(run.errors)")
        #expect(run.output.contains("every property held"))
    }
}
