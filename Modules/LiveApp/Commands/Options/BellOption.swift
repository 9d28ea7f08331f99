import ArgumentParser
import Domain

/// `--silent`: this process shows the session's bells (a flash, a line) and never sounds
/// them; another process on the machine that shows the session may.
struct BellOption: ParsableArguments {
    @Flag(help: "Show the bells, never sound them.")
    var silent = false

    /// The presenter of a process showing a session: it sounds a bell with `sound`, unless
    /// `--silent`.
    func presenter(runtime: any RuntimeFolder, sound: @escaping @Sendable (Domain.BellAlert) -> Void) -> BellPresenter {
        BellPresenter(runtime: runtime, sound: silent ? nil : sound)
    }
}
