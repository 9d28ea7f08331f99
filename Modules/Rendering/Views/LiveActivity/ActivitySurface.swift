/// The places a Live Activity shows up, as `moments watch --presentation` names them: one
/// value the live app and the showcase both turn into the same view, so a surface is
/// assembled in exactly one place.
public enum ActivitySurface: String, Hashable, Sendable, CaseIterable {
    /// The lock-screen banner (``LockScreenBanner``).
    case lock
    /// The Dynamic Island's compact pill: ``CompactLeading`` and ``CompactTrailing`` either
    /// side of the camera.
    case compact
    /// The Dynamic Island's minimal glyph (``MinimalPresentation``).
    case minimal
    /// The expanded Dynamic Island (``ExpandedPresentation``).
    case expanded

    /// Cells between the two compact sides, where the camera sits on a phone.
    public static let cameraGap = 2

    /// The view of this surface for `session`, with the Live Activity's interactive
    /// `buttons` where the surface has room for them (the banner, the expanded island).
    public func view(_ session: SessionDisplay, buttons: [KeyHint]) -> AnyView {
        switch self {
        case .lock: return LockScreenBanner(session: session, buttons: buttons).erased
        case .compact:
            return HStack(spacing: Self.cameraGap, [
                CompactLeading(session: session).erased, CompactTrailing(session: session).erased,
            ]).erased
        case .minimal: return MinimalPresentation(session: session).erased
        case .expanded: return ExpandedPresentation(session: session, buttons: buttons).erased
        }
    }

    /// The cells the surface takes: its platform budget.
    public var size: Size {
        switch self {
        case .lock: return PresentationBudget.lockScreen
        case .compact:
            return Size(
                width: PresentationBudget.compactLeading.width + Self.cameraGap
                    + PresentationBudget.compactTrailing.width,
                height: 1)
        case .minimal: return PresentationBudget.minimal
        case .expanded: return PresentationBudget.expanded
        }
    }

    /// A person's name for it.
    public var title: String {
        switch self {
        case .lock: return "Lock screen"
        case .compact: return "Dynamic Island · compact"
        case .minimal: return "Dynamic Island · minimal"
        case .expanded: return "Dynamic Island · expanded"
        }
    }
}
