/// The Live Activity on the lock screen: name and state, the time in small block digits
/// with the target beside it (and, for a group sit, how many sit it), progress, and
/// Pause/Resume and Finish as labelled keys.
///
/// Budget: 50 × 8 cells (``PresentationBudget/lockScreen``), the platform's full-width
/// banner of up to 160 points. Offered less, it drops the digits for a bold time on one
/// line, then the border.
public struct LockScreenBanner: CompositeView {
    /// The session shown.
    public let session: SessionDisplay
    /// The interactive buttons (Pause or Resume, Finish), as the live app's key table
    /// offers them for the session's state; none once it has ended.
    public let buttons: [KeyHint]

    /// The banner for `session` with `buttons`.
    public init(session: SessionDisplay, buttons: [KeyHint]) {
        self.session = session
        self.buttons = buttons
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let banner = self
        return Budgeted(PresentationBudget.lockScreen, Responsive { size, environment in
            let content = banner.content(environment)
            return size.width >= 12 && size.height >= 4 ? content.padding(horizontal: 1).border(.rounded).erased : content
        }).erased
    }

    private func content(_ environment: ViewEnvironment) -> AnyView {
        let phase = session.phase
        let time = session.timeText(at: environment.now)
        let digits = HStack(alignment: .bottom, spacing: 2, [
            BigDigits(time, size: .small, color: phase.color),
            VStack(([session.caption(at: environment.now), session.percentText(at: environment.now) ?? "", session.presenceText] as [String?]).compactMap {
                $0.map { Text($0).foreground(.secondary) }
            }),
        ])
        let caption = ([session.caption(at: environment.now), session.presenceText] as [String?]).compactMap { $0 }.joined(separator: " · ")
        let textTime = HStack(spacing: 1, [Text(time).bold().foreground(phase.color).layoutPriority(1), Text(caption).foreground(.secondary)])
        return VStack([
            HStack(spacing: 1, [Text(session.name).bold(), Spacer(), SessionViews.stateLabel(session, at: environment.now).layoutPriority(1)]).layoutPriority(2),
            ViewThatFits(digits, textTime).layoutPriority(3),
            SessionViews.progress(session, environment).layoutPriority(1),
            SessionViews.footer(session, hints: buttons),
        ]).erased
    }
}
