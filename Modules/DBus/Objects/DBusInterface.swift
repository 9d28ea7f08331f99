/// An interface an object serves on the bus: its methods, its properties and the signals
/// it emits, as a peer (a media player's controls, a dock's launcher entry) calls and reads
/// them. Exported with ``DBusConnection/export(_:at:)``; the connection answers
/// `org.freedesktop.DBus.Properties`, `org.freedesktop.DBus.Introspectable` and
/// `org.freedesktop.DBus.Peer` for it.
///
/// Methods and property getters run on the connection's reader thread as the call
/// arrives, so they must answer at once: read a value under a lock, hand an intent to a
/// stream. Nothing in them may wait.
public struct DBusInterface: Sendable {
    /// The interface's name (`org.mpris.MediaPlayer2.Player`).
    public let name: String
    /// Its methods, by name.
    public var methods: [String: DBusMethod]
    /// Its properties, by name.
    public var properties: [String: DBusProperty]
    /// The signals it emits, for introspection: their names and arguments.
    public var signals: [String: [DBusArgument]]

    /// An interface `name` with these members.
    public init(
        _ name: String, methods: [String: DBusMethod] = [:], properties: [String: DBusProperty] = [:],
        signals: [String: [DBusArgument]] = [:]
    ) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }
}

/// A named, typed argument of a method or signal, as introspection lists it.
public struct DBusArgument: Hashable, Sendable {
    /// Its name.
    public let name: String
    /// Its type.
    public let type: DBusType

    /// An argument `name` of `type`.
    public init(_ name: String, _ type: DBusType) {
        self.name = name
        self.type = type
    }
}

/// A method an interface serves: what it takes, what it answers, and what it does.
public struct DBusMethod: Sendable {
    /// The arguments a call must carry, in order (its signature is checked before the
    /// handler runs).
    public let arguments: [DBusArgument]
    /// What the reply carries.
    public let results: [DBusArgument]
    /// Answers the call's arguments with the reply's body; a thrown
    /// ``DBusError/remote(name:message:)`` is the error reply the caller reads.
    let handler: @Sendable ([DBusValue]) throws(DBusError) -> [DBusValue]

    /// A method taking `arguments` and answering `results` through `handler`.
    public init(
        arguments: [DBusArgument] = [], results: [DBusArgument] = [],
        _ handler: @escaping @Sendable ([DBusValue]) throws(DBusError) -> [DBusValue]
    ) {
        self.arguments = arguments
        self.results = results
        self.handler = handler
    }

    /// The signature a call's body must have.
    var signature: String { arguments.map(\.type.signature).joined() }
}

/// A property an interface serves: its type, how it is read, and (when writable) how it
/// is written.
public struct DBusProperty: Sendable {
    /// Its type (the variant `Get` answers holds a value of it).
    public let type: DBusType
    /// Reads it, at the moment of the call.
    let get: @Sendable () -> DBusValue
    /// Writes it, or `nil` for a read-only property.
    let set: (@Sendable (DBusValue) throws(DBusError) -> Void)?

    /// A read-only property of `type`, read by `get`.
    public init(_ type: DBusType, get: @escaping @Sendable () -> DBusValue) {
        self.type = type
        self.get = get
        self.set = nil
    }

    /// A read-write property of `type`.
    public init(
        _ type: DBusType, get: @escaping @Sendable () -> DBusValue,
        set: @escaping @Sendable (DBusValue) throws(DBusError) -> Void
    ) {
        self.type = type
        self.get = get
        self.set = set
    }

    /// A property that never changes.
    public static func constant(_ value: DBusValue) -> DBusProperty {
        DBusProperty(value.type) { value }
    }
}

/// The errors the bus's standard interfaces name, as a served object answers them.
public enum DBusStandardError {
    /// A member the object's interface does not have.
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// A path nothing is exported at.
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    /// An interface the object does not serve.
    public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
    /// A property the interface does not have.
    public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
    /// A property that cannot be written.
    public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// Arguments of the wrong types.
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    /// Anything else that failed.
    public static let failed = "org.freedesktop.DBus.Error.Failed"
}
