import Synchronization

/// The objects a connection serves, by path, and the answer to each method call made to
/// them: the call of one of their methods, and the bus's standard interfaces
/// (`Properties`, `Introspectable`, `Peer`) for all of them. A pure function of the call
/// and what is exported, so it is tested without a bus.
final class ExportedObjects: Sendable {
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let peer = "org.freedesktop.DBus.Peer"

    private let objects = Mutex<[String: [String: DBusInterface]]>([:])

    /// Serves `interfaces` at `path`, in place of whatever was there.
    func export(_ interfaces: [DBusInterface], at path: String) {
        objects.withLock { $0[path] = Dictionary(interfaces.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last }) }
    }

    /// Serves nothing more at `path`.
    func unexport(_ path: String) {
        objects.withLock { $0[path] = nil }
    }

    /// The reply to `call`, a method call: its result, or the error that says why not.
    func answer(_ call: DBusMessage) -> DBusMessage {
        do throws(DBusError) {
            return .methodReturn(to: call, body: try result(of: call))
        } catch {
            if case .remote(let name, let message) = error { return .error(to: call, name: name, message: message) }
            return .error(to: call, name: DBusStandardError.failed, message: error.description)
        }
    }

    private func result(of call: DBusMessage) throws(DBusError) -> [DBusValue] {
        let path = call.path ?? "/"
        let member = call.member ?? ""
        let served = objects.withLock { $0[path] }
        switch call.interface {
        case Self.peer?:
            return try peer(member, call)
        case Self.introspectable?:
            guard member == "Introspect" else { throw Self.unknownMethod(member, of: Self.introspectable) }
            return [.string(introspection(of: path))]
        case Self.properties?:
            guard let served else { throw Self.unknownObject(path) }
            return try properties(member, call, served)
        default:
            guard let served else { throw Self.unknownObject(path) }
            // A call may leave out the interface: the first served that has the method answers.
            let interface = call.interface.flatMap { served[$0] }
                ?? (call.interface == nil ? served.values.sorted { $0.name < $1.name }.first { $0.methods[member] != nil } : nil)
            guard let interface else {
                throw .remote(name: DBusStandardError.unknownInterface, message: "\(path) serves no interface \(call.interface ?? "")")
            }
            guard let method = interface.methods[member] else { throw Self.unknownMethod(member, of: interface.name) }
            guard call.signature == method.signature else {
                throw Self.invalidArgs("\(interface.name).\(member) takes (\(method.signature)), not (\(call.signature))")
            }
            return try method.handler(call.body)
        }
    }

    private func peer(_ member: String, _ call: DBusMessage) throws(DBusError) -> [DBusValue] {
        switch member {
        case "Ping": return []
        default: throw Self.unknownMethod(member, of: Self.peer)
        }
    }

    private func properties(
        _ member: String, _ call: DBusMessage, _ served: [String: DBusInterface]
    ) throws(DBusError) -> [DBusValue] {
        let texts = call.body.compactMap(\.text)
        func interface(_ name: String) throws(DBusError) -> DBusInterface {
            guard let interface = served[name] else {
                throw .remote(name: DBusStandardError.unknownInterface, message: "no interface \(name) at \(call.path ?? "/")")
            }
            return interface
        }
        func property(_ interface: DBusInterface, _ name: String) throws(DBusError) -> DBusProperty {
            guard let property = interface.properties[name] else {
                throw .remote(name: DBusStandardError.unknownProperty, message: "\(interface.name) has no property \(name)")
            }
            return property
        }
        switch member {
        case "Get":
            guard call.signature == "ss", texts.count == 2 else { throw Self.invalidArgs("Get takes (ss), not (\(call.signature))") }
            return [.variant(try property(try interface(texts[0]), texts[1]).get())]
        case "GetAll":
            guard call.signature == "s", texts.count == 1 else { throw Self.invalidArgs("GetAll takes (s), not (\(call.signature))") }
            let all = try interface(texts[0]).properties.sorted { $0.key < $1.key }
            return [.dictionary(all.map { ($0.key, $0.value.get()) })]
        case "Set":
            guard call.signature == "ssv", texts.count == 2, case .variant(let value) = call.body[2] else {
                throw Self.invalidArgs("Set takes (ssv), not (\(call.signature))")
            }
            let property = try property(try interface(texts[0]), texts[1])
            guard let set = property.set else {
                throw .remote(name: DBusStandardError.propertyReadOnly, message: "\(texts[0]).\(texts[1]) is read-only")
            }
            guard value.type == property.type else {
                throw Self.invalidArgs("\(texts[1]) is of type \(property.type.signature), not \(value.type.signature)")
            }
            try set(value)
            return []
        default:
            throw Self.unknownMethod(member, of: Self.properties)
        }
    }

    /// The introspection document of `path`: its interfaces with their members, the
    /// standard ones, and the exported paths directly below it as nodes.
    func introspection(of path: String) -> String {
        let (served, children) = objects.withLock { objects in
            let prefix = path == "/" ? "/" : path + "/"
            let below = objects.keys.filter { $0.hasPrefix(prefix) && $0 != path }
                .compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) }
            return (objects[path] ?? [:], Set(below).sorted())
        }
        var lines = [
            #"<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">"#,
            "<node>",
        ]
        func arguments(_ list: [DBusArgument], direction: String?) -> [String] {
            list.map { argument in
                let direction = direction.map { #" direction="\#($0)""# } ?? ""
                return #"      <arg name="\#(argument.name)" type="\#(argument.type.signature)"\#(direction)/>"#
            }
        }
        for interface in served.values.sorted(by: { $0.name < $1.name }) {
            lines.append(#"  <interface name="\#(interface.name)">"#)
            for (name, method) in interface.methods.sorted(by: { $0.key < $1.key }) {
                lines.append(#"    <method name="\#(name)">"#)
                lines += arguments(method.arguments, direction: "in") + arguments(method.results, direction: "out")
                lines.append("    </method>")
            }
            for (name, list) in interface.signals.sorted(by: { $0.key < $1.key }) {
                lines.append(#"    <signal name="\#(name)">"#)
                lines += arguments(list, direction: nil)
                lines.append("    </signal>")
            }
            for (name, property) in interface.properties.sorted(by: { $0.key < $1.key }) {
                let access = property.set == nil ? "read" : "readwrite"
                lines.append(#"    <property name="\#(name)" type="\#(property.type.signature)" access="\#(access)"/>"#)
            }
            lines.append("  </interface>")
        }
        if !served.isEmpty {
            lines += Self.standardInterfaces
        }
        lines += children.map { #"  <node name="\#($0)"/>"# }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The standard interfaces every exported object answers, as introspection lists them.
    private static let standardInterfaces = [
        #"  <interface name="org.freedesktop.DBus.Properties">"#,
        #"    <method name="Get"><arg name="interface" type="s" direction="in"/><arg name="property" type="s" direction="in"/><arg name="value" type="v" direction="out"/></method>"#,
        #"    <method name="GetAll"><arg name="interface" type="s" direction="in"/><arg name="properties" type="a{sv}" direction="out"/></method>"#,
        #"    <method name="Set"><arg name="interface" type="s" direction="in"/><arg name="property" type="s" direction="in"/><arg name="value" type="v" direction="in"/></method>"#,
        #"    <signal name="PropertiesChanged"><arg name="interface" type="s"/><arg name="changed" type="a{sv}"/><arg name="invalidated" type="as"/></signal>"#,
        "  </interface>",
        #"  <interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg name="xml" type="s" direction="out"/></method></interface>"#,
        #"  <interface name="org.freedesktop.DBus.Peer"><method name="Ping"/></interface>"#,
    ]

    static func unknownMethod(_ member: String, of interface: String) -> DBusError {
        .remote(name: DBusStandardError.unknownMethod, message: "\(interface) has no method \(member)")
    }

    static func unknownObject(_ path: String) -> DBusError {
        .remote(name: DBusStandardError.unknownObject, message: "nothing is exported at \(path)")
    }

    static func invalidArgs(_ message: String) -> DBusError {
        .remote(name: DBusStandardError.invalidArgs, message: message)
    }
}
