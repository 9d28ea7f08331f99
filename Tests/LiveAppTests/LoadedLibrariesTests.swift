import Foundation
import Testing
import TestSupport

/// What the apps load: FoundationEssentials, never all of Foundation nor ICU, whose pages
/// cost a running session about 8 MB (ADR 0016). A module that imports `Foundation`, or a
/// dependency's trait that does, makes this fail.
@Suite("The apps' libraries", .blocking)
struct LoadedLibrariesTests {
    @Test("moments and moments-showcase load FoundationEssentials but neither Foundation nor ICU", arguments: ["moments", "moments-showcase"])
    func foundationEssentialsOnly(product: String) throws {
        let binary = try BuiltProduct.url(of: product)
        // ldd lists every library the dynamic loader would map, dependencies of
        // dependencies included: `name.so => /path (address)`.
        let listing = try ProcessRunner.run("ldd", [binary.path])
        let libraries = listing.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(libraries.contains("libFoundationEssentials.so"), "\(listing)")
        let forbidden = libraries.filter {
            $0.hasPrefix("libFoundation.so") || $0.hasPrefix("libFoundationInternationalization") || $0.contains("ICU")
                || $0.hasPrefix("libFoundationNetworking") || $0.hasPrefix("libFoundationXML")
        }
        #expect(
            forbidden.isEmpty,
            """
            \(product) loads \(forbidden): a module imports Foundation, or a dependency's trait pulls it in. \
            (A build folder from before ADR 0016 can keep objects that still name Foundation; \
            `touch` the sources or remove .build/debug once.)
            """)
    }
}
