/// A key and what it does, shown as `[space] Pause`. Only the label is shown here: the
/// apps map the same keys to intents, so a view never holds an action it cannot test.
public struct KeyHint: Hashable, Sendable {
    /// The key as printed on it: `space`, `f`, `q`.
    public let key: String
    /// What it does: `Pause`, `Finish`.
    public let label: String

    /// A hint.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// The question the hints after it answer (`Cancel this session?`): a hint with no
    /// key, drawn as its words alone, first, so a bar too narrow for every answer still asks.
    public static func question(_ words: String) -> KeyHint {
        KeyHint(key: "", label: words)
    }

    /// Whether this is a ``question(_:)``.
    public var isQuestion: Bool { key.isEmpty }
}

/// Key hints in a row, as many whole hints as fit, in order of importance: a narrow
/// terminal loses `[q] Quit` before it loses `[space] Pause`.
public struct KeyHintBar: View {
    /// The hints, most important first.
    public let hints: [KeyHint]
    /// Columns between hints.
    public let spacing: Int

    /// A bar of `hints`.
    public init(_ hints: [KeyHint], spacing: Int = 2) {
        self.hints = hints
        self.spacing = max(0, spacing)
    }

    private func pieces() -> [(key: Text, label: Text, width: Int)] {
        hints.map { hint in
            if hint.isQuestion {
                let question = Text(hint.label).bold()
                return (question, Text(""), question.naturalWidth)
            }
            let key = Text("[" + hint.key + "]").bold().foreground(.accent)
            let label = Text(hint.label).foreground(.secondary)
            return (key, label, key.naturalWidth + 1 + label.naturalWidth)
        }
    }

    /// How many hints fit in `width`.
    private func fitting(_ pieces: [(key: Text, label: Text, width: Int)], width: Int) -> Int {
        var used = 0
        var count = 0
        for piece in pieces {
            let needed = piece.width + (count > 0 ? spacing : 0)
            if used + needed > width { break }
            used += needed
            count += 1
        }
        return count
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        guard proposal.width > 0, proposal.height > 0, !hints.isEmpty else { return .zero }
        let pieces = pieces()
        let count = fitting(pieces, width: proposal.width)
        guard count > 0 else { return Size(width: min(proposal.width, pieces[0].width), height: 1) }
        let width = pieces.prefix(count).reduce(0) { $0 + $1.width } + spacing * (count - 1)
        return Size(width: width, height: 1)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        guard !hints.isEmpty else { return }
        let pieces = pieces()
        let width = canvas.size.width
        let count = max(1, fitting(pieces, width: width))
        var x = 0
        for piece in pieces.prefix(count) {
            let keyWidth = min(piece.key.naturalWidth, width - x)
            canvas.draw(piece.key, in: Rect(x: x, y: 0, width: keyWidth, height: 1), environment: environment)
            guard piece.label.naturalWidth > 0 else {
                x += keyWidth + spacing
                continue
            }
            x += keyWidth + 1
            let labelWidth = min(piece.label.naturalWidth, width - x)
            if labelWidth > 0 {
                canvas.draw(piece.label, in: Rect(x: x, y: 0, width: labelWidth, height: 1), environment: environment)
            }
            x += labelWidth + spacing
        }
    }
}
