/// What a colour means, not what it is: views ask for a role and the environment's
/// ``Palette`` picks the colour for the light or dark scheme.
public enum SemanticColor: String, Hashable, Sendable, CaseIterable {
    /// Body text. Resolves to the terminal's default foreground, which is always legible.
    case primary
    /// Labels and less important text.
    case secondary
    /// The calm colour of the app: the running timer, the filled part of a bar.
    case accent
    /// A session completed, a streak kept.
    case success
    /// Paused, reconnecting, stale: attention without alarm.
    case warning
    /// Cancelled, an error.
    case danger
    /// Frames and dividers.
    case border
    /// The empty part of a progress bar or chart.
    case track
    /// The lightest heat-map level: a little practice that day.
    case heat1
    /// The second heat-map level.
    case heat2
    /// The third heat-map level.
    case heat3
    /// The strongest heat-map level: a long practice that day.
    case heat4
    /// A panel's background, slightly apart from the terminal's own.
    case surface
}
