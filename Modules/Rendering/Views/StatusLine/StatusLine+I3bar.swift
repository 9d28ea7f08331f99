#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StatusLine {
    /// The name the block carries, by which i3bar tells a click on it.
    public static let i3barBlockName = "moments"

    /// The line as one block of the i3bar protocol (i3bar-protocol, "Blocks in detail",
    /// https://i3wm.org/docs/i3bar-protocol.html): `name`, `full_text`, `short_text` (what a
    /// crowded bar falls back to) and `color`, one JSON object on one line. What
    /// `moments bar --format i3bar` puts in each status line's array, and what
    /// `--format i3blocks` prints for a block with `interval=persist` and `format=json`
    /// (i3blocks(1): each line of a persistent block is one update). With no session, an
    /// empty `full_text`, which i3bar and i3blocks show as nothing.
    func i3barBlock(at now: Date) -> String {
        Self.json(I3barBlock(self, at: now))
    }
}

/// One i3bar block; `color` and `short_text` only when there is a session.
private struct I3barBlock: Encodable {
    let name = StatusLine.i3barBlockName
    let fullText: String
    let shortText: String?
    let color: String?

    init(_ line: StatusLine, at now: Date) {
        fullText = line.fullText(at: now)
        shortText = line.session == nil ? nil : line.shortText(at: now)
        color = line.color(at: now)?.hex
    }

    enum CodingKeys: String, CodingKey {
        case name, color
        case fullText = "full_text"
        case shortText = "short_text"
    }
}
