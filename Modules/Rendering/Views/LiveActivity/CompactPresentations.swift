import Domain
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
        let phase = session.phase(at: environment.now)
        let time = Text(session.timeText(at: environment.now)).bold().foreground(phase.color)
        // Running, the time alone; any other phase says itself by its mark too, so the side
        // never tells a pause or an end by colour alone.
        let shown: AnyView = phase == .running
            ? time.erased
            : HStack(spacing: 1, [
                Text(String(phase.symbol)).foreground(phase.color).spoken(phase.label).erased, time.erased,
            ]).erased
        return Budgeted(PresentationBudget.compactTrailing, shown.frame(maxWidth: .max, alignment: .trailing)).erased
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
        if let bell = session.flashing(at: environment.now) { return Text("🔔").foreground(.accent).spoken(bell.title).erased }
        let phase = session.phase
        if phase == .running, let fraction = session.progress(at: environment.now) {
            return ProgressRing(fraction: fraction, color: phase.color).spoken(session.percentText(at: environment.now).map { "Running, \($0) done" } ?? phase.label).erased
        }
        return Text(String(phase.symbol)).bold().foreground(phase.color).spoken(session.phase(at: environment.now).label).erased
    }
}
