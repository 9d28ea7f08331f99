import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StatusLine {
    /// The line at `now` in `format`, without the final line break; with no session, the
    /// format's empty form. Each format follows its bar's documented protocol:
    ///
    /// - `plain`: ``fullText(at:)``; empty form: an empty line.
    /// - `json`: one object, keys `phase`, `name`, `text`, `time`, `elapsed_seconds`,
    ///   `target_seconds`, `percentage` and `pending` (`null` where there is none); empty
    ///   form: `{"phase":"none","text":""}` with the others `null`.
    /// - `tmux`: the line in tmux's style syntax (tmux(1), STYLES: `#[fg=colour]`, and
    ///   `##` for a literal `#`), the glyph, time and progress in the phase's colour;
    ///   empty form: an empty line, which leaves nothing in `status-right`.
    /// - `waybar`: one object with `text`, `tooltip`, `class` (the phase) and
    ///   `percentage`, as waybar-custom(5) asks of `return-type: json`
    ///   (https://man.archlinux.org/man/waybar-custom.5.en); text and tooltip are Pango
    ///   markup there, so `&`, `<` and `>` are escaped. Empty form: empty `text`, which
    ///   hides the module.
    /// - `i3blocks`: the three lines of a block's output, full text, short text and colour
    ///   (i3blocks(1), https://manpages.ubuntu.com/manpages/noble/man1/i3blocks.1.html,
    ///   keys of the i3bar protocol); empty form: one empty line, which hides the block.
    /// - `polybar`: the line inside `%{A1:moments toggle:}` and `%{A3:moments finish:}`
    ///   action tags with `%{F#rrggbb}` colour (polybar's Formatting wiki,
    ///   https://github.com/polybar/polybar/wiki/Formatting); a literal `%` is `%%`
    ///   (polybar PR 2748) and a `:` in a command `\:`. Empty form: an empty line, which
    ///   hides a `custom/script` module.
    /// - `i3bar`: one block of the i3bar protocol (see ``i3barBlockName``).
    public func text(_ format: StatusLineFormat, at now: Date) -> String {
        switch format {
        case .plain: return fullText(at: now)
        case .json: return Self.json(JSONLine(self, at: now))
        case .tmux: return tmux(at: now)
        case .waybar: return Self.json(WaybarLine(self, at: now))
        case .i3blocks: return i3blocks(at: now)
        case .polybar: return polybar(at: now)
        case .i3bar: return i3barBlock(at: now)
        }
    }

    /// The commands polybar runs on a left and a right click.
    public static let polybarActions = (left: "moments toggle", right: "moments finish")

    private func tmux(at now: Date) -> String {
        guard let color = color(at: now) else { return "" }
        let escape = { (text: String) in text.replacing("#", with: "##") }
        let (head, name) = parts(at: now)
        return "#[fg=\(color.hex)]\(escape(head))#[default]" + (name.isEmpty ? "" : " " + escape(name))
    }

    private func i3blocks(at now: Date) -> String {
        guard let color = color(at: now) else { return "" }
        return [fullText(at: now), shortText(at: now), color.hex].joined(separator: "\n")
    }

    private func polybar(at now: Date) -> String {
        guard let color = color(at: now) else { return "" }
        let escape = { (text: String) -> String in text.replacing("%", with: "%%") }
        let command = { (text: String) -> String in text.replacing(":", with: "\\:") }
        let (head, name) = parts(at: now)
        let actions = "%{A1:" + command(Self.polybarActions.left) + ":}%{A3:" + command(Self.polybarActions.right) + ":}"
        let colored = "%{F" + color.hex + "}" + escape(head) + "%{F-}"
        let rest = name.isEmpty ? "" : " " + escape(name)
        return actions + colored + rest + "%{A}%{A}"
    }

    /// `value` as one line of JSON, keys sorted, slashes as they are; non-ASCII text is
    /// written as UTF-8 and control characters escaped, as JSON requires.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Text for Pango markup: waybar parses a custom module's text and tooltip as markup.
    static func pangoEscaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}

/// The `json` format's object.
private struct JSONLine: Encodable {
    let phase: String
    let name: String?
    let text: String
    let time: String?
    let elapsedSeconds: Int?
    let targetSeconds: Int?
    let percentage: Int?
    let pending: String?

    init(_ line: StatusLine, at now: Date) {
        phase = line.phaseName(at: now)
        name = line.session.map { Sanitizer.clean($0.name) }
        text = line.fullText(at: now)
        time = line.session?.timeText(at: now)
        elapsedSeconds = line.session.map { Int($0.secondsSat(at: now)) }
        targetSeconds = line.session?.content.targetTimeInSeconds.map { Int($0.rounded()) }
        percentage = line.session?.percent(at: now)
        pending = line.pending
    }

    enum CodingKeys: String, CodingKey {
        case phase, name, text, time, percentage, pending
        case elapsedSeconds = "elapsed_seconds"
        case targetSeconds = "target_seconds"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(phase, forKey: .phase)
        try container.encode(name, forKey: .name)
        try container.encode(text, forKey: .text)
        try container.encode(time, forKey: .time)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(targetSeconds, forKey: .targetSeconds)
        try container.encode(percentage, forKey: .percentage)
        try container.encode(pending, forKey: .pending)
    }
}

/// The `waybar` format's object: the four keys of waybar-custom(5)'s `return-type: json`.
private struct WaybarLine: Encodable {
    let text: String
    let tooltip: String
    let `class`: String
    let percentage: Int

    init(_ line: StatusLine, at now: Date) {
        text = StatusLine.pangoEscaped(line.fullText(at: now))
        tooltip = StatusLine.pangoEscaped(line.tooltip(at: now))
        `class` = line.phaseName(at: now)
        percentage = line.percentage(at: now)
    }
}
