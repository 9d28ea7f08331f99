import Domain

/// Bell programs as meditators choose them: the done-when sit of the issue (a 10-second
/// warm-up, a bell a minute, three strikes at the end), a schedule of instants, and none.
public enum BellProgramMother {
    /// A program, trusted to be valid; the fixtures below all are.
    public static func makeProgram(
        warmUpSeconds: Double = 0, startStrikes: Int = 1, interval: BellInterval? = .every(60), intervalStrikes: Int = 1,
        endStrikes: Int = 3
    ) -> BellProgram {
        do {
            return try BellProgram(
                warmUpSeconds: warmUpSeconds, startStrikes: startStrikes, interval: interval,
                intervalStrikes: intervalStrikes, endStrikes: endStrikes)
        } catch {
            preconditionFailure("fixture bell program is invalid: \(error)")
        }
    }

    /// The program `text` spells (`BellProgram.parse(_:over:)` over none), or none when
    /// it spells nothing valid: what the catalog's control panel types.
    public static func makeProgram(text: String) -> BellProgram? {
        guard !text.isEmpty, let program = try? BellProgram.parse(text, over: .silent), !program.isSilent else { return nil }
        return program
    }

    /// The bells chosen in the settings from `text` as `settings set bells` reads it (over a
    /// silent program): `none` is a choice of its own; empty or unreadable text is `nil`.
    public static func makeChosen(text: String) -> BellProgram? {
        text.isEmpty ? nil : try? BellProgram.parse(text, over: .silent)
    }

    /// `moments start 3m --warm-up 10s --bells 1m`, over the standard settings.
    public static func makeWarmUpSit() -> BellProgram {
        makeProgram(warmUpSeconds: 10)
    }

    /// Sit 25, walk 5, sit 25: bells at 25, 30 and 55 minutes, two strikes each.
    public static func makeSchedule() -> BellProgram {
        makeProgram(interval: .at([1_500, 1_800, 3_300]), intervalStrikes: 2)
    }

    /// Attributes of a `plannedSeconds` session named `name` with `program`.
    public static func makeAttributes(
        _ program: BellProgram = makeWarmUpSit(), name: String = "Morning sit", plannedSeconds: Double? = 180
    ) -> SessionAttributes {
        SessionAttributesMother.makeAttributes(name: name, plannedSeconds: plannedSeconds, bells: program)
    }
}
