import ArgumentParser
import Domain

/// `moments extend [+|-]DURATION`: moves the session's target by a duration, later with
/// `+` (or no sign), earlier with `-`: the `+` and `-` keys of the timer, by any amount.
struct ExtendCommand: LiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "extend", abstract: "Move the session's target later (+5m) or earlier (-90s); print its state.",
        discussion: """
            DURATION is read as `moments start` reads one (5m, 90s, 1h15m, or a number of \
            minutes), up to 8 hours; a leading - takes it off (`moments extend -5m`). A \
            target earlier than the time sat is refused and nothing changes.

            \(ExitStatus.summary)
            """)

    @Argument(help: ArgumentHelp("How much later (+5m, 5m) or earlier (-90s).", valueName: "duration"))
    var amount: String

    @OptionGroup var target: SessionTarget

    func run(with dependencies: LiveDependencies) async throws {
        // Bad input is refused before any server is looked for.
        let seconds: Double
        do throws(Domain.ValidationError) {
            seconds = try Self.seconds(amount)
        } catch .targetOutOfRange(let requested) {
            // The amount, not a target: `extend` moves the target by it.
            let sign = Self.signed(amount).earlier ? "-" : "+"
            throw dependencies.console.failure(
                "Moving the target by \(sign)\(DurationText.written(requested)) is out of range; move it by 1 second to "
                    + "8 hours at a time, written as +5m, -90s or 1h15m.")
        } catch {
            throw dependencies.console.failure(error.description + " Write it as +5m, -90s or 1h15m.")
        }
        try await SessionControl.send("extend", target: target, dependencies: dependencies) { _ in
            (.adjustTarget(bySeconds: seconds), nil)
        }
    }

    /// The seconds `text` moves the target by: `+5m` and `5m` later, `-90s` earlier.
    static func seconds(_ text: String) throws(Domain.ValidationError) -> Double {
        let (earlier, duration) = signed(text)
        let seconds = try DurationText.parse(duration)
        return earlier ? -seconds : seconds
    }

    /// Whether `text` moves the target earlier (`-` or ``earlierMark`` before it), and the
    /// duration after its sign.
    static func signed(_ text: String) -> (earlier: Bool, duration: String) {
        let trimmed = text.trimmingWhitespace
        switch trimmed.first {
        case "-", Self.earlierMark: return (true, String(trimmed.dropFirst()))
        case "+": return (false, String(trimmed.dropFirst()))
        default: return (false, trimmed)
        }
    }

    /// The mark an amount taken off travels under through ArgumentParser (see
    /// ``readingAmountsTakenOff(_:)``).
    static let earlierMark: Character = "~"

    /// `arguments` with `extend`'s amount taken off made readable: ArgumentParser reads
    /// `-5m` as an option, but no option of `moments` begins with a digit, so in `extend`'s
    /// arguments a `-` followed by a digit, before any `--`, is a duration taken off; it
    /// is passed on as `~5m`, which ``seconds(_:)`` reads as `-5m`. Other commands'
    /// arguments are left as they are.
    static func readingAmountsTakenOff(_ arguments: [String]) -> [String] {
        guard arguments.first == configuration.commandName else { return arguments }
        var read = arguments
        for index in read.indices.dropFirst() {
            let argument = read[index]
            if argument == "--" { break }
            guard argument.first == "-", argument.dropFirst().first?.isNumber == true else { continue }
            read[index] = String(earlierMark) + argument.dropFirst()
        }
        return read
    }
}
