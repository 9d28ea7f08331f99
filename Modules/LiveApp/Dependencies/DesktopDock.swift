import Rendering

/// The desktop's dock, as the live app reaches it: the process that keeps a session's
/// desktop notification also shows the session's progress on `moments`' icon in the dock
/// (dash-to-dock, KDE's task manager, Plank). The live implementation signals
/// `com.canonical.Unity.LauncherEntry` on the session bus (the `LauncherEntry` adapter);
/// `PreviewDesktopDock` in Fixtures keeps what it is asked in memory.
public protocol DesktopDock: Sendable {
    /// Connects to the session bus; throws ``DockUnavailable`` (no session bus) with a
    /// message a person can act on.
    func connect() async throws(DockUnavailable) -> any DockOutlet
}

/// `moments`' entry in a connected dock.
public protocol DockOutlet: Sendable {
    /// Shows `content` on the icon (`DockEntryContent.cleared` takes it all
    /// away).
    func show(_ content: DockEntryContent) async
    /// Ends the connection.
    func disconnect()
}

/// Why the dock cannot be reached, in words a person can act on.
public struct DockUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is missing and what to do.
    public let description: String

    /// A reason.
    public init(_ description: String) {
        self.description = description
    }
}
