/// Where a bus listens, read from an address such as `DBUS_SESSION_BUS_ADDRESS`:
/// `unix:path=/run/user/1000/bus` or `unix:abstract=/tmp/dbus-XXXX,guid=…`, several
/// separated by `;` and tried in order. Values are percent-escaped; `guid` and other keys
/// are ignored. Transports other than `unix` (tcp, launchd) are skipped.
public enum BusAddress: Hashable, Sendable {
    /// A socket file.
    case path(String)
    /// A socket in Linux's abstract namespace (no file; the name after a NUL byte).
    case abstract(String)

    /// The addresses of `text` this client can connect to, in order; throws when none is.
    public static func parse(_ text: String) throws(DBusError) -> [BusAddress] {
        var found: [BusAddress] = []
        for entry in text.split(separator: ";") where !entry.isEmpty {
            guard let colon = entry.firstIndex(of: ":") else {
                throw .unusableAddress("'\(entry)' has no transport before ':'")
            }
            guard entry[..<colon] == "unix" else { continue }
            var pairs: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "=") else { throw .unusableAddress("'\(pair)' is not key=value") }
                pairs[String(pair[..<equals])] = try unescape(pair[pair.index(after: equals)...])
            }
            if let path = pairs["path"] {
                found.append(.path(path))
            } else if let name = pairs["abstract"] {
                found.append(.abstract(name))
            }
        }
        guard !found.isEmpty else { throw .unusableAddress("'\(text)' names no unix path or abstract socket") }
        return found
    }

    /// The session bus's addresses from `environment`; ``DBusError/noSessionBus`` when it
    /// names none.
    public static func session(in environment: [String: String]) throws(DBusError) -> [BusAddress] {
        guard let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty else { throw .noSessionBus }
        return try parse(text)
    }

    /// `%2f` → `/`: the address's escapes undone.
    private static func unescape(_ text: Substring) throws(DBusError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { throw .unusableAddress("a bad %-escape in '\(text)'") }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
