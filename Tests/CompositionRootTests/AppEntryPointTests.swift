import Foundation
import TestSupport
import Testing

/// The two executables, as a person runs them: real processes of the built products.
@Suite("The apps' entry points", .blocking)
struct AppEntryPointTests {
    @Test("moments --help describes the live app and exits 0", arguments: ["--help", "-h"])
    func momentsHelp(flag: String) throws {
        let run = try BuiltProduct.run("moments", [flag])
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: moments"))
        #expect(run.output.contains("A meditation timer for the terminal"))
    }

    @Test("moments-showcase --help describes the catalog and exits 0")
    func showcaseHelp() throws {
        let run = try BuiltProduct.run("moments-showcase", ["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("USAGE: moments-showcase"))
        #expect(run.output.contains("catalog"))
    }

    @Test("both report the same version")
    func version() throws {
        let live = try BuiltProduct.run("moments", ["--version"])
        let showcase = try BuiltProduct.run("moments-showcase", ["--version"])
        #expect(live.status == 0 && showcase.status == 0)
        #expect(!live.output.isEmpty)
        #expect(live.output == showcase.output)
    }

    @Test("an unknown option is a usage error on stderr with exit 1")
    func unknownOption() throws {
        let run = try BuiltProduct.run("moments", ["--no-such-option"])
        #expect(run.status == 1)
        #expect(run.errors.contains("Unknown option '--no-such-option'"))
        #expect(run.output.isEmpty)
    }
}
