/// The numbers of a JSON text as they are written, each with the key it belongs to, so a
/// test can check what a script reading the text meets: `9.427`, never
/// `9.427000045776367`. Parsing into `Double`s first would hide exactly that noise.
public enum JSONNumbers {
    /// One number literal and the key of the value it is, or is inside of (an array's
    /// numbers belong to the array's key; top-level numbers to "").
    public struct Literal: Hashable, Sendable, CustomStringConvertible {
        /// The nearest key.
        public let key: String
        /// The literal exactly as written.
        public let text: String

        public var description: String { "\(key): \(text)" }

        /// Whether the literal is a plain decimal with at most three fractional digits and
        /// no exponent: an exact number of milliseconds when read as seconds.
        public var isToTheMillisecond: Bool {
            var rest = Substring(text)
            if rest.first == "-" { rest = rest.dropFirst() }
            let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit) else { return false }
            guard parts.count == 2 else { return true }
            return (1...3).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)
        }
    }

    /// Every number literal of `json`, in order. The text is assumed to be valid JSON.
    public static func literals(in json: String) -> [Literal] {
        let bytes = Array(json.utf8)
        var found: [Literal] = []
        // The key of each open container's current value.
        var keys: [String] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                while bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                var next = index
                while next < bytes.count, [9, 10, 13, 32].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ":"), !keys.isEmpty {
                    keys[keys.count - 1] = text
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                keys.append(keys.last ?? "")
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                keys.removeLast()
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                found.append(Literal(key: keys.last ?? "", text: String(decoding: bytes[start..<index], as: UTF8.self)))
            default:
                index += 1
            }
        }
        return found
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
