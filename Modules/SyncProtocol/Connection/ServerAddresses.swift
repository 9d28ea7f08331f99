/// Several servers that share one store, written as one text: their base addresses
/// separated by commas, as `moments start --server A --server B` keeps them (in its
/// runtime file and its remembered sessions) and `HTTPSyncConnection` reads them.
public enum ServerAddresses {
    /// The port a sync server listens on unless told otherwise (`moments serve`), and the
    /// one an address names in the examples of its errors.
    public static let defaultPort = 7_460

    /// The addresses of `joined`, in order, without blanks.
    public static func split(_ joined: String) -> [String] {
        joined.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
    }

    /// The text of `addresses` (each itself possibly a list), or `nil` when there are none.
    public static func join(_ addresses: [String]) -> String? {
        let all = addresses.flatMap(split)
        return all.isEmpty ? nil : all.joined(separator: ",")
    }

    /// What is wrong with `address` as one server's base address, said so that a person can
    /// mend it; `nil` when nothing is: `http://` or `https://`, a host, and, if any, a port
    /// from 1 to 65535, then nothing but an optional `/` (no path, query or credentials). A name that is no address would otherwise be tried as one, and end
    /// as a server that "cannot be reached".
    public static func problem(with address: String) -> String? {
        let advice = "write it as http://HOST:PORT, such as http://127.0.0.1:\(defaultPort) (the first line `moments serve` prints)"
        let lowered = address.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
            return "'\(address)' is not a server's address; \(advice)."
        }
        let rest = address.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Only the host and port are used: a path, a query or credentials would be ignored
        // without a word, so they are refused.
        let after = rest.dropFirst(authority.count)
        guard after.isEmpty || after == "/" else {
            return "'\(address)' has a path, query or fragment (\(after)), which a server's address has none of; \(advice)."
        }
        guard !authority.contains("@") else {
            return "'\(address)' carries credentials, which a server's address does not: give an access key with --key "
                + "or MOMENTS_KEY instead; \(advice)."
        }
        // The host, then after its last colon (outside an IPv6 address's brackets) the port.
        var (host, port): (Substring, Substring?) = (authority, nil)
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            (host, port) = (authority[..<colon], authority[authority.index(after: colon)...])
        }
        guard !host.isEmpty, host != "[]" else { return "'\(address)' names no host; \(advice)." }
        if let port, !(Int(port).map { (1...65_535).contains($0) } ?? false) {
            return "'\(address)' has no port from 1 to 65535 after its host; \(advice)."
        }
        return nil
    }

    /// Whether two texts name a server in common.
    public static func overlap(_ first: String, _ second: String) -> Bool {
        !Set(split(first)).isDisjoint(with: split(second))
    }
}
