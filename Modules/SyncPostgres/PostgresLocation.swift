/// Where a server's PostgreSQL database is, read from a URL of the shape
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`
/// (`postgresql://` is taken too). User, password and database may be percent-encoded,
/// which is how a password holding `@`, `:` or `/` is written.
///
/// The password is kept only to connect: ``description`` leaves it out, so a location can
/// be printed in any message or log line.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// Whether the connection is encrypted, as libpq's `sslmode` says it.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never: for a database on the same machine or a private network.
        case disable
        /// When the server offers it, else in the clear: libpq's default.
        case prefer
        /// Always, with the server's certificate verified; no connection otherwise.
        case require
    }

    /// The shape every location must have, for error messages.
    public static let expectedShape = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
    /// The port when the URL names none.
    public static let defaultPort = 5432

    /// The database role to connect as.
    public let user: String
    /// The role's password; `nil` when the server trusts the connection or asks none.
    let password: String?
    /// The server's host name or address (without brackets for IPv6).
    public let host: String
    /// The server's port.
    public let port: Int
    /// The database.
    public let database: String
    /// Whether to encrypt.
    public let tls: TLSMode

    /// A location from its parts.
    public init(user: String, password: String? = nil, host: String, port: Int = defaultPort, database: String, tls: TLSMode = .prefer) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database
        self.tls = tls
    }

    /// Reads a `postgres://` URL.
    ///
    /// - Throws: ``PostgresStorageError/badLocation(_:)`` naming the problem and the
    ///   expected shape; the message never repeats the URL, which may hold a password.
    public init(url text: String) throws(PostgresStorageError) {
        var rest = Substring(text)
        guard let schemeEnd = rest.firstRange(of: "://"),
            ["postgres", "postgresql"].contains(rest[..<schemeEnd.lowerBound].lowercased())
        else {
            throw Self.problem("it must start with postgres:// or postgresql://")
        }
        rest = rest[schemeEnd.upperBound...]
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // The user part ends at the last '@', so an unencoded '@' or '/' in a password still reads.
        guard let at = rest.lastIndex(of: "@") else {
            throw Self.problem("it names no user (USER@ before the host)")
        }
        let userInfo = rest[..<at]
        rest = rest[rest.index(after: at)...]
        guard let slash = rest.firstIndex(of: "/") else {
            throw Self.problem("it names no database (/DATABASE after the host)")
        }
        let hostAndPort = rest[..<slash]
        let databaseText = rest[rest.index(after: slash)...]

        let userText: Substring
        var password: String?
        if let colon = userInfo.firstIndex(of: ":") {
            userText = userInfo[..<colon]
            password = try Self.decoded(userInfo[userInfo.index(after: colon)...], part: "password")
        } else {
            userText = userInfo
        }
        let user = try Self.decoded(userText, part: "user")
        guard !user.isEmpty else { throw Self.problem("the user is empty") }
        if password == "" { password = nil }

        let (host, port) = try Self.hostAndPort(hostAndPort)
        let database = try Self.decoded(databaseText, part: "database")
        guard !database.isEmpty else { throw Self.problem("the database name is empty") }
        guard !database.contains("/") else { throw Self.problem("the database name may not contain '/'") }

        var tls = TLSMode.prefer
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0] == "sslmode" else {
                throw Self.problem("'\(pair[0])' is not a setting it understands; only sslmode=disable|prefer|require is")
            }
            guard let mode = TLSMode(rawValue: String(pair[1])) else {
                throw Self.problem("sslmode must be disable, prefer or require")
            }
            tls = mode
        }
        self.init(user: user, password: password, host: host, port: port, database: database, tls: tls)
    }

    /// `postgres://USER@HOST:PORT/DATABASE`, never with the password.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let suffix = tls == .prefer ? "" : "?sslmode=\(tls.rawValue)"
        return "postgres://\(user)@\(shownHost):\(port)/\(database)\(suffix)"
    }

    private static func hostAndPort(_ text: Substring) throws(PostgresStorageError) -> (String, Int) {
        var host: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw problem("an IPv6 host must be closed with ']'") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw problem("only :PORT may follow an IPv6 host") }
                portText = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = text
        }
        guard !host.isEmpty else { throw problem("the host is empty") }
        guard let portText else { return (String(host), defaultPort) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw problem("the port must be a number from 1 to 65535")
        }
        return (String(host), port)
    }

    /// Undoes percent-encoding (`%40` is `@`).
    private static func decoded(_ text: Substring, part: String) throws(PostgresStorageError) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first != utf8.endIndex, utf8.index(after: first) != utf8.endIndex,
                    let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)])
                else {
                    throw problem("the \(part) has a '%' not followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw problem("the \(part) is not UTF-8 once its %-escapes are decoded")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func problem(_ what: String) -> PostgresStorageError {
        .badLocation("the PostgreSQL URL must look like \(expectedShape), but \(what)")
    }
}
