/// The main screen of the live app: the session's name, the time large, progress, the
/// state and the keys.
///
/// It fills whatever terminal it is given and degrades in steps as the terminal shrinks
/// (from 200 × 60 down to 20 × 5 and below):
/// 1. boxed: a rounded border titled with the name, the largest digits that fit (up to
///    the text size's ``TextSize/largestDigits``), a progress bar and key hints;
/// 2. unboxed: the same without the border, digits as small as 3 rows;
/// 3. text: name and state, the time in bold, the bar and hints on plain lines, the time
///    served first when rows are short;
/// 4. the time alone, centred.
public struct TimerScreen: CompositeView {
    /// The session shown.
    public let session: SessionDisplay
    /// The keys shown, most important first.
    public let hints: [KeyHint]

    /// The screen for `session`, offering `hints` (the live app's key table says which).
    public init(session: SessionDisplay, hints: [KeyHint]) {
        self.session = session
        self.hints = hints
    }

    /// The steps of degradation, richest first.
    public enum Layout: Hashable, Sendable {
        /// Border, digits of this size, bar, hints.
        case boxed(DigitSize)
        /// Digits of this size with status and bar, no border.
        case unboxed(DigitSize)
        /// Plain lines.
        case text
        /// The time alone.
        case timeOnly
    }

    /// The layout chosen for `size`: the arithmetic of the degradation, public so tests and
    /// the showcase can say which step a size lands on.
    public func layout(for size: Size, in environment: ViewEnvironment) -> Layout {
        let time = session.timeText(at: environment.now)
        let sizes = DigitSize.allCases.filter { $0 <= environment.textSize.largestDigits }.reversed()
        let gap = environment.spacing(1)
        let padding = environment.spacing(2)
        for digits in sizes {
            let natural = BigDigits.naturalSize(of: time, size: digits)
            if natural.width + 2 + 2 * padding <= size.width, natural.height + 5 + 3 * gap + groupRows <= size.height {
                return .boxed(digits)
            }
        }
        for digits in sizes {
            let natural = BigDigits.naturalSize(of: time, size: digits)
            if natural.width <= size.width, natural.height + 2 + groupRows <= size.height { return .unboxed(digits) }
        }
        if size.height >= 2, size.width >= 12 { return .text }
        return .timeOnly
    }

    public func body(in environment: ViewEnvironment) -> AnyView {
        let screen = self
        return AnyView(
            Responsive { size, environment in
                switch screen.layout(for: size, in: environment) {
                case .boxed(let digits): return screen.boxed(digits, environment)
                case .unboxed(let digits): return screen.unboxed(digits, environment)
                case .text: return screen.text(environment)
                case .timeOnly: return screen.timeOnly(environment)
                }
            })
    }

    private var phase: SessionPhase { session.phase }

    private func boxed(_ digits: DigitSize, _ environment: ViewEnvironment) -> AnyView {
        let gap = environment.spacing(1)
        let content = VStack(([
            HStack(spacing: 0, [stateLabel(environment), Spacer(minLength: 1), Text(caption(environment)).foreground(.secondary)]),
            Spacer(minLength: gap),
            bigTime(digits, environment).frame(maxWidth: .max),
            Spacer(minLength: gap).frame(height: gap),
            progressRow(environment),
            groupRow(besideCaption: true),
            Spacer(minLength: gap),
            KeyHintBar(hints),
        ] as [(any View)?]).compactMap { $0 })
        return content.padding(horizontal: environment.spacing(2)).border(.rounded, title: session.name).erased
    }

    private func unboxed(_ digits: DigitSize, _ environment: ViewEnvironment) -> AnyView {
        VStack(([
            HStack(spacing: 1, [Text(session.name).bold(), Spacer(), stateLabel(environment).layoutPriority(1)]).layoutPriority(2),
            bigTime(digits, environment).frame(maxWidth: .max).layoutPriority(3),
            progressRow(environment).layoutPriority(1),
            groupRow(besideCaption: false),
            KeyHintBar(hints),
        ] as [(any View)?]).compactMap { $0 }).erased
    }

    private func text(_ environment: ViewEnvironment) -> AnyView {
        let time = Text(session.timeText(at: environment.now)).bold().foreground(phase.color)
        return VStack(([
            HStack(spacing: 1, [Text(session.name).bold(), Spacer(), stateLabel(environment).layoutPriority(1)]).layoutPriority(2),
            HStack(spacing: 1, [time.layoutPriority(1), Text(caption(environment)).foreground(.secondary)]).layoutPriority(3),
            progressRow(environment).layoutPriority(1),
            groupRow(besideCaption: true),
            KeyHintBar(hints),
        ] as [(any View)?]).compactMap { $0 }).erased
    }

    /// The rows a group sit's line takes: one, or none for a sit alone.
    private var groupRows: Int { session.group == nil ? 0 : 1 }

    /// A group sit's line (who leads, how others join), or `nil` for a sit alone. A
    /// leader's code that does not fit whole gives way to `group sit`, or, on a layout with
    /// no caption to carry it (`besideCaption` false), to the count of people sitting.
    private func groupRow(besideCaption: Bool) -> AnyView? {
        let fallback = besideCaption ? "group sit" : session.presenceText ?? "group sit"
        let texts = session.groupTexts + (session.presenceBesideCaption ? [fallback] : [])
        return session.group.map { _ in
            // The longest form that fits whole: a code cut short would be no code at all.
            Responsive { size, _ in
                let text = texts.first { GraphemeWidth.width(of: $0) <= size.width } ?? texts[texts.count - 1]
                return Text(text).foreground(.secondary).erased
            }.frame(height: 1).erased
        }
    }

    private func timeOnly(_ environment: ViewEnvironment) -> AnyView {
        Text(session.timeText(at: environment.now)).bold().foreground(phase.color)
            .frame(maxWidth: .max, maxHeight: .max).erased
    }

    /// The state, or the bell while it flashes, or the warm-up while it counts down.
    private func stateLabel(_ environment: ViewEnvironment) -> Text {
        SessionViews.stateLabel(session, at: environment.now)
    }

    /// `of 5:00 · next bell 2:00`, during the warm-up `warm-up, then 3:00`, and before a
    /// scheduled start `starts in 4m, then 3:00`.
    private func caption(_ environment: ViewEnvironment) -> String {
        if session.isWarmingUp(at: environment.now) { return "warm-up, then " + (session.targetText ?? "open-ended") }
        let presence = session.presenceBesideCaption ? session.presenceText : nil
        return [session.caption(at: environment.now), session.nextBellText, presence].compactMap { $0 }.joined(separator: " · ")
    }

    private func bigTime(_ digits: DigitSize, _ environment: ViewEnvironment) -> BigDigits {
        BigDigits(session.timeText(at: environment.now), size: digits, color: phase.color)
    }

    /// The bar and the percentage, or a note for an open-ended session.
    private func progressRow(_ environment: ViewEnvironment) -> AnyView {
        guard let fraction = session.progress(at: environment.now), let percent = session.percentText(at: environment.now)
        else {
            return Text("open-ended · no target").foreground(.secondary).erased
        }
        return HStack(spacing: 1, [
            ProgressBar(fraction: fraction, fill: phase == .running ? .accent : phase.color),
            Text(percent).foreground(.secondary).frame(width: 4, height: 1, alignment: .trailing).layoutPriority(1),
        ]).erased
    }
}
