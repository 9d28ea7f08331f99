/// What can go wrong on the bus, each with a message a person can act on.
public enum DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `DBUS_SESSION_BUS_ADDRESS` is not set: there is no session bus to talk to.
    case noSessionBus
    /// The bus address cannot be read, or names no transport this client speaks.
    case unusableAddress(String)
    /// No address of the bus could be connected to; the reason of the last.
    case cannotConnect(String)
    /// The bus refused this process's credentials.
    case authenticationRejected(String)
    /// Bytes that are not a valid message, or a value that does not fit its type.
    case malformed(String)
    /// The connection is closed (by either side) and no reply will come.
    case disconnected
    /// The other side answered with a D-Bus error: its name and message.
    case remote(name: String, message: String)

    public var description: String {
        switch self {
        case .noSessionBus: return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
        case .unusableAddress(let reason): return "the session bus address is unusable: \(reason)"
        case .cannotConnect(let reason): return "cannot connect to the session bus: \(reason)"
        case .authenticationRejected(let reason): return "the session bus refused this user: \(reason)"
        case .malformed(let reason): return "a malformed D-Bus message: \(reason)"
        case .disconnected: return "the session bus connection is closed"
        case .remote(let name, let message): return message.isEmpty ? name : "\(name): \(message)"
        }
    }
}
