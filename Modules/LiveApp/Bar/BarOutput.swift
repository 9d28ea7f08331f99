import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Rendering
import Synchronization

/// The formats `moments bar` writes, one per status bar.
enum BarFormat: String, CaseIterable, ExpressibleByArgument {
    /// One JSON object a line for a waybar `custom/` module (`return-type: json`, no interval).
    case waybar
    /// One i3bar block (JSON) a line, for an i3blocks block with `interval=persist` and `format=json`.
    case i3blocks
    /// The whole i3bar protocol: its header, then an endless array of status lines; clicks
    /// are read from standard input.
    case i3bar
    /// A line with click action tags, for a polybar `custom/script` module with `tail = true`.
    case polybar
    /// tmux's user option `@moments`, set on each change, with the status line redrawn.
    case tmux
    /// The line as it reads.
    case plain
    /// One JSON object a line with the line and its parts.
    case json

    /// The status line format its lines are written in: the i3bar block for both i3 forms.
    var lineFormat: StatusLineFormat {
        switch self {
        case .waybar: return .waybar
        case .polybar: return .polybar
        case .tmux: return .tmux
        case .plain: return .plain
        case .json: return .json
        case .i3blocks, .i3bar: return .i3bar
        }
    }
}

/// Where `moments bar` writes: each line once, when it differs from the one before, on
/// standard output (flushed: each is one write) or into tmux's user option.
final class BarOutput: Sendable {
    /// The tmux user option `--format tmux` sets: `set -g status-right '#{@moments}'`.
    static let tmuxOption = "@moments"

    /// The i3bar protocol's header: version 1, with click events sent to standard input.
    static let i3barHeader = #"{"version":1,"click_events":true}"#

    let format: BarFormat
    private let console: Console
    private let tmux: any TmuxStatus
    private let last = Mutex<String?>(nil)

    /// Output in `format` on `console`'s standard output, or tmux's option through `tmux`.
    init(format: BarFormat, console: Console, tmux: any TmuxStatus) {
        self.format = format
        self.console = console
        self.tmux = tmux
    }

    private func write(_ text: String) {
        console.output(text)
    }

    /// What comes before the first line: the i3bar protocol's header and the array's start.
    func begin() {
        if format == .i3bar { write(Self.i3barHeader + "\n[\n") }
    }

    /// The text `line` is written as at `now`.
    func text(_ line: StatusLine, at now: Date) -> String {
        let text = line.text(format.lineFormat, at: now)
        // In the i3bar protocol each status line is an array of blocks, in an endless array.
        return format == .i3bar ? "[" + text + "]," : text
    }

    /// Writes `line` at `now` unless it is what was written last; false when what it is
    /// written to has gone (the bar's reader closed its end, tmux is not running), which
    /// ends the bar.
    func show(_ line: StatusLine, at now: Date) async -> Bool {
        let text = text(line, at: now)
        let changed = last.withLock { last in
            defer { last = text }
            return last != text
        }
        guard changed else { return true }
        if format == .tmux { return await tmux.show(text, in: Self.tmuxOption) }
        write(text + "\n")
        return console.outputHasReader()
    }
}

/// A click on the bar's block: what i3bar (and i3blocks, for a persistent block) writes to
/// standard input, one JSON object a line inside an endless array.
enum BarClick: Sendable, Equatable {
    /// The left button: pause or resume (`moments toggle`).
    case toggle
    /// The right button: finish (`moments finish`).
    case finish

    /// The click one line of the click events says, if it is one of ours.
    static func parse(_ line: Substring) -> BarClick? {
        var text = line.drop { $0 == "[" || $0 == "," || $0 == " " }
        while text.last == "," || text.last == " " { text = text.dropLast() }
        guard text.first == "{", let event = try? JSONDecoder().decode(ClickEvent.self, from: Data(text.utf8)) else {
            return nil
        }
        if let name = event.name, name != StatusLine.i3barBlockName { return nil }
        switch event.button {
        case 1: return .toggle
        case 3: return .finish
        default: return nil
        }
    }

    /// The keys of a click event this reads (i3bar-protocol, "Click events").
    private struct ClickEvent: Decodable {
        let name: String?
        let button: Int
    }

    /// The clicks in `input`'s bytes, line by line.
    static func clicks(from input: AsyncStream<[UInt8]>) -> AsyncStream<BarClick> {
        AsyncStream { continuation in
            let task = Task {
                var pending: [UInt8] = []
                for await chunk in input {
                    pending += chunk
                    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        let line = String(decoding: pending[..<end], as: UTF8.self)
                        pending.removeSubrange(...end)
                        if let click = parse(Substring(line)) { continuation.yield(click) }
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
