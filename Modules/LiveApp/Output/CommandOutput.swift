#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import TerminalIO

#if canImport(Glibc)
    import Glibc
#endif
import SyncProtocol

/// Where a command that answers once (`history`, `stats`, `settings`, `widget`) prints,
/// and in what form: a view drawn once, or a JSON document.
///
/// The form is decided here and nowhere else: ANSI when standard output is a terminal
/// (its width, the colour depth `OutputFormat` reads from the environment), plain text
/// at `COLUMNS` or 80 columns when it is a pipe or a file. Nothing is interactive, so the
/// output is the same whether a person reads it or a script does.
public struct CommandOutput {
    /// Plain text or ANSI at some depth.
    let format: OutputFormat
    /// The columns a view is offered.
    let width: Int
    /// The environment every view of this run is drawn in: now, the person's time zone,
    /// the colour depth of ``format``.
    let environment: ViewEnvironment
    /// Where it is printed.
    let console: Console

    /// The width used when nothing says otherwise: what terminals open with.
    public static let fallbackWidth = 80

    /// The output of this run: its console, as of its clock's now, in its time zone, in
    /// the form its environment and standard output ask for.
    static func standard(_ dependencies: LiveDependencies) -> CommandOutput {
        let destination = dependencies.console.destination()
        let format = OutputFormat.detect(environment: dependencies.environment, isTTY: destination.isTerminal)
        return CommandOutput(
            format: format,
            width: width(
                isTTY: destination.isTerminal, terminalColumns: destination.columns, environment: dependencies.environment),
            environment: ViewEnvironment(
                now: dependencies.clock.now(), colorDepth: format.colorDepth, timeZone: dependencies.timeZone()),
            console: dependencies.console)
    }

    /// The width to draw at: a terminal's own width when it reports one, else a positive
    /// `COLUMNS`, else `fallback` (``fallbackWidth`` unless a command has a reason to differ,
    /// as `moments-showcase variants` does). The one rule of every command's width.
    public static func width(
        isTTY: Bool, terminalColumns: Int?, environment: [String: String], fallback: Int = fallbackWidth
    ) -> Int {
        if isTTY, let terminalColumns, terminalColumns > 0 { return terminalColumns }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return fallback
    }

    /// Draws `view` once and prints it. The view is offered this output's width and at
    /// most `maxHeight` rows, and drawn at the size it answers: a list takes the width
    /// and a row per entry, the stats their natural size, a widget its budget.
    func print(_ view: some View, maxHeight: Int) {
        let size = view.size(for: Size(width: width, height: maxHeight), in: environment)
        let frame = Frame(rendering: view, width: max(1, size.width), height: max(1, size.height), environment: environment)
        console.say(format.encode(frame))
    }

    /// Prints `document` as indented JSON with sorted keys: a stable shape for scripts.
    func printJSON(_ document: some Encodable) throws {
        console.say(try Self.jsonText(document))
    }

    /// The text ``printJSON(_:)`` prints for `document`, without its final newline; what
    /// ``PrettyJSONWriter`` is held to.
    static func jsonText(_ document: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
