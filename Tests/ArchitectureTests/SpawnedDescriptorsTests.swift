import Foundation
import TestSupport
import Testing

/// What the tests' children inherit: a descriptor a test holds open never outlives the
/// test's own close in a child spawned meanwhile (``SpawnedDescriptors``).
@Suite("TestSupport: a spawned child inherits only standard input, output and error", .blocking)
struct SpawnedDescriptorsTests {
    @Test("a socket the test holds without close-on-exec is not open in a child spawned in a terminal")
    func socketsStayHome() throws {
        let held = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(held > 2)
        defer { close(held) }
        let child = try PseudoTerminal(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "echo fds: $(ls /proc/$$/fd | sort -n | tr '\\n' ' ')end"],
            environment: ["PATH": "/usr/bin:/bin"], drawsScreen: false)
        #expect(child.waitForOutput("end"))
        let line = String(decoding: child.output, as: UTF8.self)
        let listed = line.components(separatedBy: "fds: ").last?.components(separatedBy: "end").first ?? ""
        // The shell's own: 0, 1, 2, and the one `ls` reads the folder through (its own, not inherited).
        #expect(!listed.split(separator: " ").contains(Substring(String(held))), "the child had \(listed)")
        _ = child.waitForExit()
    }
}
