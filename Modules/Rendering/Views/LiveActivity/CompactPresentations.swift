/// The Dynamic Island's compact leading side: progress as a ring (or the phase's mark when
/// there is no target or the clock is stopped), then the name as far as it fits.
///
/// Budget: 8 × 1 cells (``PresentationBudget/compactLeading``).
public struct CompactLeading: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The leading side for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        Budgeted(PresentationBudget.compactLeading, HStack(spacing: 1, [
            IslandGlyph(session: session).layoutPriority(1), Text(session.name).foreground(.secondary),
        ])).erased
    }
}

/// The Dynamic Island's compact trailing side: the time, right-aligned, in the phase's
/// colour, computed from the state and the environment's instant.
///
/// Budget: 8 × 1 cells (``PresentationBudget/compactTrailing``), room for `7:59:59`.
public struct CompactTrailing: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The trailing side for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let time = Text(session.timeText(at: environment.now)).bold().foreground(session.phase.color)
        return Budgeted(PresentationBudget.compactTrailing, time.frame(maxWidth: .max, alignment: .trailing)).erased
    }
}

/// The Dynamic Island's minimal presentation, shown when two activities share the
/// island: one glyph, centred.
///
/// Budget: 3 × 1 cells (``PresentationBudget/minimal``).
public struct MinimalPresentation: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The minimal presentation for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        Budgeted(PresentationBudget.minimal, IslandGlyph(session: session).frame(maxWidth: .max)).erased
    }
}

/// The one-cell summary of a session: a progress ring while running with a target, the
/// phase's mark otherwise, and a bell while one flashes.
struct IslandGlyph: CompositeView {
    let session: SessionDisplay

    func body(in environment: ViewEnvironment) -> AnyView {
        if session.flashing(at: environment.now) != nil { return Text("🔔").foreground(.accent).erased }
        let phase = session.phase
        if phase == .running, let fraction = session.progress(at: environment.now) {
            return ProgressRing(fraction: fraction, color: phase.color).erased
        }
        return Text(String(phase.symbol)).bold().foreground(phase.color).erased
    }
}
