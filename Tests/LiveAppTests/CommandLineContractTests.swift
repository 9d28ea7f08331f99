import Foundation
import LiveApp
import TestSupport
import Testing

/// What `moments` promises every script and shell: `--help` everywhere (exit 0), usage
/// errors as status 1 with ArgumentParser's message on stderr, and completion scripts
/// that know every subcommand.
@Suite("moments' command-line contract", .blocking)
struct CommandLineContractTests {
    /// Every command path under `moments`, found the way a person finds them: by reading
    /// the SUBCOMMANDS section of each help screen. So a command added later is covered
    /// without touching this test.
    static func commandPaths() throws -> [[String]] {
        var found: [[String]] = []
        var queue: [[String]] = [[]]
        while let path = queue.popLast() {
            found.append(path)
            let help = try BuiltProduct.run("moments", path + ["--help"])
            // "  history                 List past sessions…" up to the first blank line;
            // deeper indents continue a description.
            let section = help.output.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first ?? ""
            for line in section.components(separatedBy: "\n").prefix(while: { !$0.isEmpty })
            where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                let name = String(line.split(separator: " ")[0])
                if name != "help" { queue.append(path + [name]) }
            }
        }
        return found
    }

    @Test("every command and subcommand answers --help and -h with its usage, exit 0")
    func helpEverywhere() throws {
        let paths = try Self.commandPaths()
        for expected in [["serve"], ["history"], ["stats"], ["settings"], ["settings", "show"], ["settings", "set"], ["widget"]] {
            #expect(paths.contains(expected), "moments --help does not list \(expected)")
        }
        for path in paths {
            for flag in ["--help", "-h"] {
                let run = try BuiltProduct.run("moments", path + [flag])
                #expect(run.status == 0, "moments \(path) \(flag)")
                #expect(run.output.contains("USAGE: moments" + path.map { " " + $0 }.joined()))
                #expect(run.errors.isEmpty)
            }
        }
    }

    @Test("moments help NAME shows every command's help, exit 0; a name that is no command is exit 1, said")
    func helpTopics() throws {
        for path in try Self.commandPaths() where !path.isEmpty {
            let run = try BuiltProduct.run("moments", ["help"] + path)
            #expect(run.status == 0, "moments help \(path): \(run.errors)")
            #expect(run.output.contains("USAGE: moments" + path.map { " " + $0 }.joined()))
        }
        for wrong in [["nosuch"], ["settings", "nosuch"]] {
            let run = try BuiltProduct.run("moments", ["help"] + wrong)
            #expect(run.status == 1, "moments help \(wrong)")
            #expect(run.errors.contains("there is no command \"nosuch\""), "\(run.errors)")
            #expect(run.output.isEmpty)
        }
    }

    @Test("every command's --help ends with the one exit-status table, and the README has the same")
    func exitStatusesInHelp() throws {
        let lines = [
            "0  completed", "1  usage or input error", "2  finished early or cancelled", "3  the sync server could not be reached",
            "4  the environment failed", "5  no session is running",
        ]
        for path in try Self.commandPaths() {
            let run = try BuiltProduct.run("moments", path + ["--help"])
            let flat = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for line in lines {
                let words = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(flat.contains(words), "moments \(path) --help lacks '\(line)'")
            }
        }
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(ExitStatus.markdownTable), "README's exit statuses are not ExitStatus.markdownTable")
    }

    @Test(
        "a usage error is exit 1 with ArgumentParser's message and usage on stderr, nothing on stdout",
        arguments: [
            (["--no-such-option"], "Unknown option '--no-such-option'"),
            (["no-such-command"], "Unexpected argument 'no-such-command'"),
            (["history", "--since"], "Missing value for '--since <date>'"),
            (["stats", "extra"], "Unexpected argument 'extra'"),
            (["serve", "--port", "70000"], "--port must be from 0 to 65535"),
            (["settings", "set"], "Missing expected argument '<key>'"),
            // A bar given a format where the id goes would wait, empty, for ever.
            (["bar", "waybar"], "'waybar' is a format, not a session's id: write `moments bar --format waybar`."),
            (["status", "tmux"], "'tmux' is a format, not a session's id: write `moments status --format tmux`."),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let folder = try CommandFolder()
        let run = try folder.run(arguments)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains(message))
        #expect(run.errors.contains("Usage: moments"))
        #expect(try folder.contents().isEmpty)
    }

    @Test("--version is exit 0 on stdout")
    func version() throws {
        let run = try BuiltProduct.run("moments", ["--version"])
        #expect(run.status == 0)
        #expect(!run.output.isEmpty && run.errors.isEmpty)
    }

    @Test("a completion script for each shell names every subcommand and the setting keys", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let run = try BuiltProduct.run("moments", ["--generate-completion-script", shell])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        for word in ["serve", "history", "stats", "settings", "widget", "since", "data-dir", "default-duration", "medium"] {
            #expect(run.output.contains(word), "the \(shell) script does not mention \(word)")
        }
    }
}
