#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DBus
import LiveApp
import Rendering
import Synchronization

/// `moments`' icon in the dock, through the launcher-entry signals that dash-to-dock,
/// KDE's task manager and Plank follow: `com.canonical.Unity.LauncherEntry.Update` with
/// the application's id (`application://moments.desktop`, the `.desktop` file
/// `Scripts/install` writes) and the entry's properties: `progress` (0 to 1) with
/// `progress-visible`, and `urgent`. A dock that starts later asks with `Query`, which this
/// entry answers at its object path with what it shows now.
public final class UnityLauncherEntry: DockOutlet {
    /// The application the entry is for, as docks name it.
    public static let appURI = "application://moments.desktop"
    /// The interface of the signal and of `Query`.
    public static let interface = "com.canonical.Unity.LauncherEntry"
    /// The object path the signals come from and `Query` is answered at.
    public static let path = "/com/canonical/unity/launcherentry/moments"

    /// What the entry shows now, shared with the reader thread that answers `Query`.
    private final class Shown: Sendable {
        let content = Mutex(DockEntryContent.cleared)
    }

    /// The bus connection.
    public let connection: DBusConnection
    private let shown = Shown()

    /// An entry signalled on `connection`, answering `Query` at once.
    public init(connection: DBusConnection) {
        self.connection = connection
        let shown = self.shown
        connection.export(
            [
                DBusInterface(
                    Self.interface,
                    methods: [
                        "Query": DBusMethod(results: [DBusArgument("app_uri", .string), DBusArgument("properties", Self.propertiesType)]) {
                            _ throws(DBusError) in
                            [.string(Self.appURI), Self.properties(shown.content.withLock { $0 })]
                        }
                    ],
                    signals: ["Update": [DBusArgument("app_uri", .string), DBusArgument("properties", Self.propertiesType)]])
            ], at: Self.path)
    }

    public func show(_ content: DockEntryContent) async {
        shown.content.withLock { $0 = content }
        // A bus that went away takes the dock with it: nothing to tell.
        try? connection.send(
            .signal(path: Self.path, interface: Self.interface, member: "Update", body: [.string(Self.appURI), Self.properties(content)]))
    }

    public func disconnect() {
        connection.close()
    }

    static let propertiesType = DBusType.array(.dictEntry(key: .string, value: .variant))

    /// The entry's properties: the bar's fraction and whether it shows, and the urgency.
    static func properties(_ content: DockEntryContent) -> DBusValue {
        .dictionary([
            ("progress", .double(content.progress ?? 0)), ("progress-visible", .boolean(content.progress != nil)),
            ("urgent", .boolean(content.urgent)),
        ])
    }
}

/// The live app's ``LiveApp/DesktopDock``: a ``UnityLauncherEntry`` on the session bus named
/// by the environment.
public struct UnityDock: DesktopDock {
    /// The environment the session bus's address is read from.
    let environment: [String: String]

    /// The dock on the session bus of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func connect() async throws(DockUnavailable) -> any DockOutlet {
        do {
            return UnityLauncherEntry(connection: try await DBusConnection.session(environment: environment))
        } catch {
            if case .noSessionBus = error {
                throw DockUnavailable("no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run it inside your desktop session")
            }
            throw DockUnavailable(error.description)
        }
    }
}
