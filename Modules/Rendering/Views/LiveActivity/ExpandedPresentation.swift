import Domain
/// The expanded Dynamic Island's leading region: the progress ring and the state, the
/// percentage below. Budget: 12 × 3 (``PresentationBudget/expandedLeading``).
public struct ExpandedLeading: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The region for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let phase = session.phase
        let label = session.flashing(at: environment.now).map { Text($0.title).bold().foreground(.accent) }
            ?? Text(phase.label).foreground(phase.color)
        return Budgeted(PresentationBudget.expandedLeading, VStack([
            HStack(spacing: 1, [IslandGlyph(session: session), label]),
            Text(session.percentText(at: environment.now) ?? "").foreground(.secondary),
        ])).erased
    }
}

/// The expanded island's center region: the name, and the target below it; for a group
/// sit, how many sit it below that.
/// Budget: 26 × 3 (``PresentationBudget/expandedCenter``).
public struct ExpandedCenter: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The region for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        Budgeted(PresentationBudget.expandedCenter, VStack(alignment: .center, [
            Text(session.name).bold(), Text(session.caption(at: environment.now)).foreground(.secondary),
        ] + [session.presenceText].compactMap { $0.map { Text($0).foreground(.secondary) } }).frame(maxWidth: .max, alignment: .top)).erased
    }
}

/// The expanded island's trailing region: the time, and whether it counts up or down.
/// Budget: 12 × 3 (``PresentationBudget/expandedTrailing``).
public struct ExpandedTrailing: CompositeView {
    /// The session shown.
    public let session: SessionDisplay

    /// The region for `session`.
    public init(session: SessionDisplay) { self.session = session }

    public func body(in environment: ViewEnvironment) -> AnyView {
        Budgeted(PresentationBudget.expandedTrailing, VStack(alignment: .trailing, [
            Text(session.timeText(at: environment.now)).bold().foreground(session.phase.color),
            Text(session.content.isScheduled ? "to start" : session.countsDown ? "remaining" : "elapsed").foreground(.secondary),
        ]).frame(maxWidth: .max, alignment: .topTrailing)).erased
    }
}

/// The expanded island's bottom region: progress across the width, then the keys.
/// Budget: 50 × 3 (``PresentationBudget/expandedBottom``).
public struct ExpandedBottom: CompositeView {
    /// The session shown.
    public let session: SessionDisplay
    /// The interactive buttons, as on the lock-screen banner (``LockScreenBanner/buttons``).
    public let buttons: [KeyHint]

    /// The region for `session` with `buttons`.
    public init(session: SessionDisplay, buttons: [KeyHint]) {
        self.session = session
        self.buttons = buttons
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        Budgeted(PresentationBudget.expandedBottom, VStack([
            SessionViews.progress(session, environment).layoutPriority(1),
            Spacer(),
            SessionViews.footer(session, hints: buttons),
        ])).erased
    }
}

/// The whole expanded Dynamic Island: leading, center and trailing along the top (the
/// camera sits above the center), bottom across the width.
///
/// Budget: 50 × 6 (``PresentationBudget/expanded``). Offered less, the regions keep their
/// places and each is clipped to what remains.
public struct ExpandedPresentation: View {
    /// The session shown.
    public let session: SessionDisplay
    /// The interactive buttons of the bottom region.
    public let buttons: [KeyHint]

    /// The expanded island for `session` with `buttons`.
    public init(session: SessionDisplay, buttons: [KeyHint]) {
        self.session = session
        self.buttons = buttons
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        Budgeted(PresentationBudget.expanded, EmptyView()).size(for: proposal, in: environment)
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let leading = PresentationBudget.expandedLeading
        let center = PresentationBudget.expandedCenter
        let regions: [(AnyView, Point, Size)] = [
            (ExpandedLeading(session: session).erased, Point(x: 0, y: 0), leading),
            (ExpandedCenter(session: session).erased, Point(x: leading.width, y: 0), center),
            (ExpandedTrailing(session: session).erased, Point(x: leading.width + center.width, y: 0),
             PresentationBudget.expandedTrailing),
            (ExpandedBottom(session: session, buttons: buttons).erased, Point(x: 0, y: leading.height), PresentationBudget.expandedBottom),
        ]
        for (view, origin, size) in regions {
            canvas.draw(view, in: Rect(origin: origin, size: size), environment: environment)
        }
    }
}
