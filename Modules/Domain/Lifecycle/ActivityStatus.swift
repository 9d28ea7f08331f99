/// Where an activity is in its life, as ActivityKit's `ActivityState`.
public enum ActivityStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Showing and taking updates.
    case active
    /// Its stale date has passed without an update: still showing, still updatable, but
    /// what it shows may be out of date.
    case stale
    /// Over: still showing its final content until dismissal, taking no content updates.
    case ended
    /// Gone from the screen.
    case dismissed
}
