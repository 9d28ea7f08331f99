import Foundation
import TestSupport
import Testing

/// Documentation/Examples/DomainConsumer depends on the Domain product alone. Building it
/// for real proves another package can use Domain without building anything from a
/// third party.
@Suite("Domain on its own", .ownThreads)
struct DomainConsumerTests {
    @Test("a package that depends only on Domain builds, runs, and compiles no third-party module")
    func consumerBuildsDomainOnly() throws {
        let consumer = packageRoot.appendingPathComponent("Documentation/Examples/DomainConsumer")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("domain-consumer-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        _ = try ProcessRunner.run(
            "swift", ["build", "--package-path", consumer.path, "--scratch-path", scratch.path])

        // What the program prints is the Domain's rules at work.
        let binary = scratch.appendingPathComponent("debug/DomainConsumer")
        let output = try ProcessRunner.run(binary.path, [])
        #expect(output == """
            start: 0:00 active
            pause: 2:05 active paused
            resume: 3:05 active
            advance: 5:00 ended
            outcome: completed
            refused: session_ended

            """)

        // Only Domain and the consumer were compiled: every module and object file in the
        // build folder belongs to them. (SwiftPM still fetches the packages Little Moments
        // declares, and compiles their plugin scripts while planning, but builds none of
        // their code.)
        let debug = scratch.appendingPathComponent("debug").resolvingSymlinksInPath()
        let modules = try FileManager.default.contentsOfDirectory(atPath: debug.appendingPathComponent("Modules").path)
        let moduleNames = Set(modules.map { String($0.split(separator: ".").first ?? "") })
        #expect(moduleNames == ["Domain", "DomainConsumer"], "modules built: \(modules.sorted())")

        let objects = try objectFiles(under: debug)
        // An object file belongs to the module of its `NAME.build` folder, or of its own
        // name when it stands in `Modules/`.
        let owners = Set(objects.map { path -> String in
            let parts = path.components(separatedBy: "/")
            let owner = parts.first == "Modules" ? (parts.last ?? "") : (parts.first ?? "")
            return String(owner.split(separator: ".").first ?? "")
        })
        #expect(owners == ["Domain", "DomainConsumer"], "objects built: \(objects.sorted())")
    }

    /// Paths of `.o` files below `folder`, relative to it.
    private func objectFiles(under folder: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension == "o" {
            found.append(String(url.resolvingSymlinksInPath().path.dropFirst(folder.path.count + 1)))
        }
        return found
    }
}
