/// Reads a server-sent event stream as its bytes arrive: lines of `field: value`, an
/// event ending at a blank line, comments (`:`) skipped. (EventSource, the usual package,
/// does not build on Linux; the format is small enough to read by hand.)
struct SSEParser: Sendable {
    /// One complete event.
    struct Event: Hashable, Sendable {
        /// The `id:` field, if any.
        var id: String?
        /// The `event:` field, or `message` when absent.
        var name: String
        /// The `data:` lines, joined with newlines.
        var data: String
    }

    private var buffer: [UInt8] = []
    private var id: String?
    private var name: String?
    private var dataLines: [String] = []

    /// A parser at the start of a stream.
    init() {}

    /// Feeds bytes; answers the events they complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let event = take(String(decoding: line, as: UTF8.self)) { events.append(event) }
        }
        return events
    }

    private mutating func take(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                id = nil
                name = nil
                dataLines = []
            }
            guard !dataLines.isEmpty else { return nil }
            return Event(id: id, name: name ?? "message", data: dataLines.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "id": id = String(value)
        case "event": name = String(value)
        case "data": dataLines.append(String(value))
        default: break
        }
        return nil
    }
}
