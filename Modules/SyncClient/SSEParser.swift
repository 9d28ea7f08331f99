/// Reads a server-sent event stream as its bytes arrive: lines of `field: value`, an
/// event ending at a blank line, comments (`:`) skipped. (EventSource, the usual package,
/// does not build on Linux; the format is small enough to read by hand.)
///
/// A server may be hostile or broken, so the parser does work linear in what it is fed
/// and holds at most ``maximumEventSize`` bytes: a longer line or event is dropped whole
/// (its JSON could only be cut short), and the stream goes on with the next event.
/// `package`, so the client's fuzz target (Tests/Fuzz) feeds this very parser.
package struct SSEParser: Sendable {
    /// One complete event.
    package struct Event: Hashable, Sendable {
        /// The `id:` field, if any.
        package var id: String?
        /// The `event:` field, or `message` when absent.
        package var name: String
        /// The `data:` lines, joined with newlines.
        package var data: String
    }

    /// The most bytes one event (all its lines) may take: a push is a few hundred bytes,
    /// so this leaves room for any real one and bounds what a hostile server can make the
    /// client hold.
    package static let maximumEventSize = 1 << 20

    private var line: [UInt8] = []
    private var id: String?
    private var name: String?
    private var dataLines: [String] = []
    /// Bytes of the event's `data:` lines so far.
    private var dataSize = 0
    /// Whether the event went past ``maximumEventSize``; it is then dropped at its end.
    private var isOverlong = false
    /// Whether the line being read is being skipped, up to its end, for being too long.
    private var isLineDropped = false

    /// A parser at the start of a stream.
    package init() {}

    /// How many bytes the parser holds for a line or an event not yet complete; never
    /// more than ``maximumEventSize``.
    package var heldByteCount: Int { line.count + dataSize }

    /// Feeds bytes; answers the events they complete. Each byte is looked at once.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                if isLineDropped { continue }
                if line.count + dataSize < Self.maximumEventSize {
                    line.append(byte)
                } else {
                    isOverlong = true
                    isLineDropped = true
                    line.removeAll()
                }
                continue
            }
            if isLineDropped {
                isLineDropped = false
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: line.count < 4_096)
            if let event = take(text) { events.append(event) }
        }
        return events
    }

    private mutating func take(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                id = nil
                name = nil
                dataLines = []
                dataSize = 0
                isOverlong = false
            }
            guard !dataLines.isEmpty, !isOverlong else { return nil }
            return Event(id: id, name: name ?? "message", data: dataLines.joined(separator: "\n"))
        }
        if isOverlong || line.hasPrefix(":") { return nil }
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
        case "data":
            dataLines.append(String(value))
            dataSize += value.utf8.count
        default: break
        }
        return nil
    }
}
