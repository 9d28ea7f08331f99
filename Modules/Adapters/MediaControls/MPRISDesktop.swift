#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DBus
import LiveApp

/// The live app's ``LiveApp/DesktopMediaPlayer``: an ``MPRISPlayer`` on the session bus
/// named by the environment, through this package's own D-Bus module.
public struct MPRISDesktop: DesktopMediaPlayer {
    /// The environment the session bus's address is read from.
    let environment: [String: String]

    /// Media controls on the session bus of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func connect(now: @escaping @Sendable () -> Date) async throws(MediaPlayerUnavailable) -> any MediaPlayerOutlet {
        do {
            return MPRISPlayer(connection: try await DBusConnection.session(environment: environment), now: now)
        } catch {
            switch error {
            case .noSessionBus:
                throw MediaPlayerUnavailable("no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run it inside your desktop session")
            default:
                throw MediaPlayerUnavailable(error.description)
            }
        }
    }
}
