
/// Values written as Swift source, so the showcase can print a scenario's edited inputs as
/// Mother Object code that compiles when pasted into Fixtures.
public enum SwiftLiteral {
    /// A string literal: quotes, backslashes and every scalar a Swift literal cannot hold
    /// as it is (controls, bidirectional marks) written as escapes.
    public static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\t": literal += "\\t"
            case "\r": literal += "\\r"
            default:
                let value = scalar.value
                let invisible =
                    value < 0x20 || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
                    || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                if invisible, value != 0x200D {
                    literal += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// A number as Swift writes it: `125`, `2.5`, `28800`.
    public static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A call with labelled arguments, `Type.make(a: 1, b: 2)`, on one line up to 120
    /// characters and one argument per line beyond.
    public static func call(_ function: String, _ arguments: [(label: String, value: String)]) -> String {
        let parts = arguments.map { $0.label.isEmpty ? $0.value : "\($0.label): \($0.value)" }
        let oneLine = function + "(" + parts.joined(separator: ", ") + ")"
        guard oneLine.count > 120 else { return oneLine }
        let indented = parts.map { "    " + $0.replacing("\n", with: "\n    ") }
        return function + "(\n" + indented.joined(separator: ",\n") + "\n)"
    }
}

/// The arguments of a Mother call, keeping only those that differ from the Mother's
/// defaults, so printed code says what is special about a scenario and nothing else.
struct MotherArguments {
    private(set) var list: [(label: String, value: String)] = []

    /// Adds `label: value` unless `value` is the default.
    mutating func add<Value: Equatable>(_ label: String, _ value: Value, default defaultValue: Value, as code: (Value) -> String) {
        guard value != defaultValue else { return }
        list.append((label, code(value)))
    }

    /// Adds `label: value` always.
    mutating func add(_ label: String, code: String) {
        list.append((label, code))
    }
}
