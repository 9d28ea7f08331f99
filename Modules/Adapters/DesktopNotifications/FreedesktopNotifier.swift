#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DBus
import LiveApp

/// The live app's ``LiveApp/DesktopNotifier``: the notification server on the session bus
/// named by the environment, through this package's own D-Bus client (no libdbus, so
/// `moments` builds and runs where no D-Bus development files are installed; ADR 0031).
public struct FreedesktopNotifier: DesktopNotifier {
    /// The environment the session bus's address is read from.
    let environment: [String: String]

    /// A notifier on the session bus of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func connect() async throws(NotificationsUnavailable) -> any NotificationServer {
        let connection: DBusConnection
        do {
            connection = try await DBusConnection.session(environment: environment)
        } catch {
            throw NotificationsUnavailable(Self.advice(for: error))
        }
        do {
            return try await NotificationsClient(connection: connection)
        } catch {
            connection.close()
            throw NotificationsUnavailable(Self.advice(for: error))
        }
    }

    /// What a person reads for `error`: what is missing, and what to do.
    static func advice(for error: DBusError) -> String {
        switch error {
        case .noSessionBus:
            return "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run it inside your desktop session"
        // No owner of the name, nothing to activate, or an activation that failed: the bus
        // is there, the notification server is not.
        case .remote(let name, _)
        where ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(name)
            || name.hasPrefix("org.freedesktop.DBus.Error.Spawn."):
            return "no notification server on the session bus; start one (dunst, mako, or your desktop's)"
        case .remote(_, let message):
            return "the notification server on the session bus refused to talk (\(message))"
        default:
            return error.description
        }
    }
}
