/// The cell budgets of the Live Activity presentations and widgets, mirroring the
/// platform's point sizes at roughly 7 points per column and 20 points per row.
///
/// | presentation | Apple's size (pt) | budget (cells) |
/// |---|---|---|
/// | lock-screen banner | full width × up to 160 | 50 × 8 |
/// | Dynamic Island compact leading | ~ 60 × 37 | 8 × 1 |
/// | Dynamic Island compact trailing | ~ 60 × 37 | 8 × 1 |
/// | Dynamic Island minimal | 37 × 37 | 3 × 1 |
/// | Dynamic Island expanded | ~ 370 × up to 160 | 50 × 6 |
/// | expanded leading / trailing | the corners beside the camera | 12 × 3 each |
/// | expanded center | between them, below the camera | 26 × 3 |
/// | expanded bottom | the full width below | 50 × 3 |
/// | widget small | 170 × 170 | 22 × 11 |
/// | widget medium | 364 × 170 | 46 × 11 |
/// | desktop notification | ~ 300 px wide | 44 × 7 |
/// | lock screen's media player | ~ 300 px wide | 44 × 8 |
/// | dock icon and its progress | an icon and its label | 28 × 4 |
///
/// A presentation offered more than its budget uses its budget (top left), as the
/// platform never grows them; offered less, it lays out in what it got.
public enum PresentationBudget {
    /// The lock-screen banner.
    public static let lockScreen = Size(width: 50, height: 8)
    /// The Dynamic Island's compact leading side.
    public static let compactLeading = Size(width: 8, height: 1)
    /// The Dynamic Island's compact trailing side.
    public static let compactTrailing = Size(width: 8, height: 1)
    /// The Dynamic Island's minimal presentation, when another activity shares it.
    public static let minimal = Size(width: 3, height: 1)
    /// The whole expanded Dynamic Island.
    public static let expanded = Size(width: 50, height: 6)
    /// The expanded island's leading region.
    public static let expandedLeading = Size(width: 12, height: 3)
    /// The expanded island's center region.
    public static let expandedCenter = Size(width: 26, height: 3)
    /// The expanded island's trailing region.
    public static let expandedTrailing = Size(width: 12, height: 3)
    /// The expanded island's bottom region.
    public static let expandedBottom = Size(width: 50, height: 3)
    /// The small widget.
    public static let widgetSmall = Size(width: 22, height: 11)
    /// The medium widget.
    public static let widgetMedium = Size(width: 46, height: 11)
    /// A desktop notification (``NotificationCard``), about dunst's and GNOME's bubble.
    public static let notification = Size(width: 44, height: 7)
    /// The desktop's media player (``MediaPlayerCard``), about a lock screen's media tile.
    public static let mediaPlayer = Size(width: 44, height: 8)
    /// `moments`' icon in the dock with its progress (``DockEntryCard``).
    public static let dockEntry = Size(width: 28, height: 4)
    /// What a voice says (``AnnouncementCard``): two lines of words.
    public static let voice = Size(width: 44, height: 5)
}

/// A view held to a budget: it answers at most `budget` and draws its content in
/// `min(offer, budget)` at the top left, as a presentation never grows past its slot.
public struct Budgeted: View {
    /// The largest size.
    public let budget: Size
    /// The content, laid out in what it is given.
    public let content: AnyView

    /// `content` within `budget`.
    public init(_ budget: Size, _ content: any View) {
        self.budget = budget
        self.content = AnyView(content)
    }

    public func size(for proposal: Size, in environment: ViewEnvironment) -> Size {
        Size(width: max(0, min(proposal.width, budget.width)), height: max(0, min(proposal.height, budget.height)))
    }

    public func render(into canvas: inout Canvas, environment: ViewEnvironment) {
        let size = self.size(for: canvas.size, in: environment)
        canvas.draw(content, in: Rect(origin: Point(x: 0, y: 0), size: size), environment: environment)
    }
}
