import Foundation
import TestSupport
import Testing

/// What the terminal apps load and link. They load no Swift library: the runtime and
/// FoundationEssentials are linked in, and only the code they use of them (ADR 0047), so
/// they run on a machine with no Swift (the Debian package's); moments-server links all of
/// Foundation and ICU in, for its database driver (ADR 0069). moments and moments-showcase
/// link FoundationEssentials, never all of Foundation nor ICU, whose pages cost a running
/// session about 8 MB (ADR 0016): a module that imports `Foundation`, or a dependency's
/// trait that does, makes the second test fail.
@Suite("The apps' libraries", .blocking)
struct LoadedLibrariesTests {
    @Test("moments, moments-server and moments-showcase load no Swift library", arguments: ["moments", "moments-server", "moments-showcase"])
    func runtimeLinkedIn(product: String) throws {
        let binary = try BuiltProduct.url(of: product)
        // ldd lists every library the dynamic loader would map, dependencies of
        // dependencies included: `name.so => /path (address)`.
        let listing = try ProcessRunner.run("ldd", [binary.path])
        let libraries = listing.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "\(listing)")
        let swiftLibraries = libraries.filter {
            $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("lib_Foundation")
                || $0.hasPrefix("libdispatch") || $0.hasPrefix("libBlocksRuntime")
        }
        #expect(swiftLibraries.isEmpty, "\(product) loads \(swiftLibraries): it is no longer linked with -static-stdlib")
    }

    @Test("moments and moments-showcase link FoundationEssentials but neither Foundation nor ICU", arguments: ["moments", "moments-showcase"])
    func foundationEssentialsOnly(product: String) throws {
        let binary = try BuiltProduct.url(of: product)
        // The symbol table: a symbol's name is the last word of its line, and a module's
        // own Swift symbols begin with `$s`, its name's length and its name.
        let table = try ProcessRunner.run("readelf", ["--symbols", "--wide", binary.path])
        let names = Set(table.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        let modules = ["FoundationEssentials", "Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]
        let linked = modules.filter { module in
            let prefix = "$s\(module.utf8.count)\(module)"
            return names.contains { $0.hasPrefix(prefix) }
        }
        #expect(linked.contains("FoundationEssentials"), "\(product) links \(linked)")
        #expect(
            linked == ["FoundationEssentials"],
            """
            \(product) links \(linked): a module imports Foundation, or a dependency's trait pulls it in. \
            (A build folder from before ADR 0016 can keep objects that still name Foundation; \
            `touch` the sources or remove .build/debug once.)
            """)
    }
}
