/// One D-Bus message: a method call, its reply or error, or a signal, with the header
/// fields this client reads and writes and a body of values.
///
/// On the wire: the byte order (`l`), the type, the flags, the protocol version (1), the
/// body's length, the serial, the header fields as `a(yv)`, padding to 8, then the body.
public struct DBusMessage: Hashable, Sendable {
    /// The four kinds of message, as the header's type byte says.
    public enum Kind: UInt8, Hashable, Sendable {
        /// A call of a method, which expects a reply unless flagged.
        case methodCall = 1
        /// A successful reply, naming the call's serial.
        case methodReturn = 2
        /// A failed reply, naming the call's serial and the error.
        case error = 3
        /// A signal, sent to whoever matches it.
        case signal = 4
    }

    /// The header's flags.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The sender wants no reply.
        public static let noReplyExpected = Flags(rawValue: 1)
        /// The bus must not start a service to deliver it.
        public static let noAutoStart = Flags(rawValue: 2)
    }

    /// The kind.
    public var kind: Kind
    /// The flags.
    public var flags: Flags = []
    /// The sender's number for it, set when it is sent (never 0 on the wire).
    public var serial: UInt32 = 0
    /// Field 1: the object the call or signal is about.
    public var path: String?
    /// Field 2: the interface.
    public var interface: String?
    /// Field 3: the method or signal's name.
    public var member: String?
    /// Field 4: an error's name.
    public var errorName: String?
    /// Field 5: the serial of the call a reply answers.
    public var replySerial: UInt32?
    /// Field 6: the connection it is sent to.
    public var destination: String?
    /// Field 7: the connection that sent it (filled in by the bus).
    public var sender: String?
    /// The body's values (field 8, the signature, follows from them).
    public var body: [DBusValue]

    /// A message of `kind` with `body` and no header field yet.
    public init(kind: Kind, body: [DBusValue] = []) {
        self.kind = kind
        self.body = body
    }

    /// A call of `member` of `interface` on `path` at `destination`.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String, body: [DBusValue] = []
    ) -> DBusMessage {
        var message = DBusMessage(kind: .methodCall, body: body)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// A signal `member` of `interface` from `path`, to everyone who matches it.
    public static func signal(path: String, interface: String, member: String, body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .signal, body: body)
        message.path = path
        message.interface = interface
        message.member = member
        return message
    }

    /// The successful reply to `call`, carrying `body`, addressed to its sender.
    public static func methodReturn(to call: DBusMessage, body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .methodReturn, body: body)
        message.replySerial = call.serial
        message.destination = call.sender
        message.flags = .noReplyExpected
        return message
    }

    /// The error reply to `call`: the error's name and a message a person can read.
    public static func error(to call: DBusMessage, name: String, message text: String) -> DBusMessage {
        var message = DBusMessage(kind: .error, body: text.isEmpty ? [] : [.string(text)])
        message.errorName = name
        message.replySerial = call.serial
        message.destination = call.sender
        message.flags = .noReplyExpected
        return message
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` from `path`: `changed`
    /// properties of `interface` with their new values, and `invalidated` ones by name.
    public static func propertiesChanged(
        path: String, interface: String, changed: [(String, DBusValue)], invalidated: [String] = []
    ) -> DBusMessage {
        .signal(
            path: path, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
            body: [.string(interface), .dictionary(changed), .strings(invalidated)])
    }

    /// The body's signature: its values' types, one after the other.
    public var signature: String { body.map(\.type.signature).joined() }

    /// The message on the wire, little-endian, with `serial`.
    public func encoded(serial: UInt32) throws(DBusError) -> [UInt8] {
        var bodyEncoder = DBusEncoder()
        try bodyEncoder.write(body)
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        field(7, sender.map(DBusValue.string))
        if !body.isEmpty { field(8, .signature(signature)) }
        var header = DBusEncoder()
        try header.write([
            .byte(UInt8(ascii: "l")), .byte(kind.rawValue), .byte(flags.rawValue), .byte(1),
            .uint32(UInt32(bodyEncoder.bytes.count)), .uint32(serial),
            .array(.structure([.byte, .variant]), fields),
        ])
        header.align(to: 8)
        return header.bytes + bodyEncoder.bytes
    }

    /// The length of the message whose first 16 bytes are `prefix`, or `nil` while fewer
    /// than 16 have arrived; throws for a prefix no message starts with.
    public static func length(ofPrefix prefix: some Collection<UInt8>) throws(DBusError) -> Int? {
        guard prefix.count >= 16 else { return nil }
        let head = Array(prefix.prefix(16))
        guard head[0] == UInt8(ascii: "l") || head[0] == UInt8(ascii: "B") else {
            throw .malformed("a message starting with byte \(head[0]), not a byte order")
        }
        var decoder = DBusDecoder(head, bigEndian: head[0] == UInt8(ascii: "B"), position: 4)
        guard case .uint32(let bodyLength) = try decoder.read(.uint32),
            case .uint32 = try decoder.read(.uint32),
            case .uint32(let fieldsLength) = try decoder.read(.uint32)
        else { return nil }
        let headerLength = 16 + Int(fieldsLength)
        let total = (headerLength + 7) / 8 * 8 + Int(bodyLength)
        guard total <= 1 << 27 else { throw .malformed("a message claims \(total) bytes, over 128 MiB") }
        return total
    }

    /// The message in `bytes`, which hold exactly one.
    public static func decode(_ bytes: [UInt8]) throws(DBusError) -> DBusMessage {
        guard let length = try length(ofPrefix: bytes), length == bytes.count else {
            throw .malformed("the bytes do not hold exactly one message")
        }
        let bigEndian = bytes[0] == UInt8(ascii: "B")
        var decoder = DBusDecoder(bytes, bigEndian: bigEndian, position: 1)
        let fixed = try decoder.read([.byte, .byte, .byte, .uint32, .uint32])
        guard case .byte(let rawKind) = fixed[0], let kind = Kind(rawValue: rawKind), case .byte(let flags) = fixed[1],
            case .byte(1) = fixed[2], case .uint32(let serial) = fixed[4]
        else { throw .malformed("an unknown message type or protocol version") }
        var message = DBusMessage(kind: kind)
        message.flags = Flags(rawValue: flags)
        message.serial = serial
        var signature = ""
        for field in try decoder.read(.array(.structure([.byte, .variant]))).elements ?? [] {
            guard case .structure(let parts) = field, case .byte(let code) = parts[0], case .variant(let value) = parts[1]
            else { continue }
            switch code {
            case 1: message.path = value.text
            case 2: message.interface = value.text
            case 3: message.member = value.text
            case 4: message.errorName = value.text
            case 5: message.replySerial = value.uint32
            case 6: message.destination = value.text
            case 7: message.sender = value.text
            case 8: signature = value.text ?? ""
            default: break  // Unknown fields are ignored, as the specification asks.
            }
        }
        try decoder.skipPadding(to: 8)
        let bodyStart = decoder.position
        var body = DBusDecoder(Array(bytes[bodyStart...]), bigEndian: bigEndian)
        message.body = try body.read(DBusType.parse(signature))
        guard body.atEnd else { throw .malformed("a body longer than its signature") }
        return message
    }
}
