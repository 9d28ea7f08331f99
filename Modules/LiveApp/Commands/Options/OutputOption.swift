import ArgumentParser
import Domain

/// How a session is shown in this terminal: `--no-tty` (lines, as a pipe gets them, and no
/// keys) and `--accessible` (lines for a screen reader, keys still read), shared by
/// `moments start`, `moments watch` and `moments join`.
struct OutputOption: ParsableArguments {
    @Flag(name: .customLong("no-tty"), help: "Print one line per change of state instead of the full screen.")
    var noTTY = false

    @Flag(
        help: ArgumentHelp(
            "Plain lines for a screen reader instead of the full screen: one per change of state and per bell, keys still read (also ACCESSIBLE=1, or the accessible setting)."))
    var accessible = false

    /// `settings` with the accessible mode on when `--accessible` asks for it (a setting
    /// of `minutes` keeps its minutes).
    func applied(to settings: Settings) -> Settings {
        Self.applying(accessible: accessible, to: settings)
    }

    /// `settings` with the accessible mode on when `accessible`, for a command that was
    /// handed the flag.
    static func applying(accessible: Bool, to settings: Settings) -> Settings {
        var settings = settings
        if accessible, settings.accessible == .off { settings.accessible = .on }
        return settings
    }
}
