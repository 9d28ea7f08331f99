import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A fast reader for history lines in exactly the form ``HistoryLine`` writes them: one
/// flat JSON object whose values are plain strings, numbers or `null`.
///
/// Foundation's `JSONDecoder` spends about 7 µs per record on Linux, which puts 100,000
/// sessions far past a 300 ms load. This reader only finds the seven fields and hands them
/// to the same Domain initialisers the `Codable` conformance uses (`SessionName`,
/// `Instant.parse`, `SessionRecord.init`), so every rule is still checked in one place. Any
/// line it does not recognise exactly — an escape in a string, white space, an unknown or
/// missing key, a value of another kind — answers `nil`, and the caller decodes that line
/// with `JSONDecoder`, which also words the error for a damaged one.
///
/// A reader keeps the few names it has met, so the thousands of sessions that share a name
/// share one checked `Domain.SessionName` rather than each building and checking its own:
/// use one reader for a whole file (ADR 0035).
package struct HistoryLineParser {
    /// The names met so far, by their bytes in the file: a history holds a handful.
    private var names: [(bytes: [UInt8], name: SessionName)] = []
    /// The most names kept; past it, a name is checked anew each time it is met.
    private static let nameLimit = 32

    /// A reader with no names met yet.
    package init() {}

    /// The record in `line`, or `nil` when the line is not in the canonical form or not valid.
    /// `package`, so the documents' fuzz target (Tests/Fuzz) can hold it to `JSONDecoder`'s answer.
    package static func parse(_ line: Data) -> SessionRecord? {
        var parser = HistoryLineParser()
        return parser.parse(line)
    }

    /// The record in `line`, as ``parse(_:)-swift.type.method`` reads it, reusing the names met before.
    package mutating func parse(_ line: Data) -> SessionRecord? {
        line.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self)) }
    }

    /// The record in the bytes of one line (without its newline).
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) -> SessionRecord? {
        if let record = parseAsWritten(line) { return record }
        var scanner = FlatJSONScanner(bytes: line)
        var fields = Fields()
        guard scanner.scanObject({ key, value in fields.set(key, value, names: &self) }) else { return nil }
        return fields.record()
    }

    /// The record in a line exactly as ``HistoryLine`` writes it: the seven keys in their
    /// sorted order, each where it is expected, so no key is looked for; `nil` for any other
    /// line, which the general reader then reads (a third of the time for 100,000 lines). The
    /// values are read and checked as the general reader reads them.
    private mutating func parseAsWritten(_ line: UnsafeBufferPointer<UInt8>) -> SessionRecord? {
        var scanner = FlatJSONScanner(bytes: line)
        guard scanner.expect(#"{"actual_seconds":"#), let actualSeconds = scanner.number(),
            scanner.expect(#","ended_at":"#), let ended = scanner.string(), let endedAt = Instant.parse(utf8: ended),
            scanner.expect(#","id":"#), let idText = scanner.string(), let id = FlatJSONScanner.uuid(idText),
            scanner.expect(#","name":"#), let nameText = scanner.string(), let name = name(nameText),
            scanner.expect(#","outcome":"#), let outcomeText = scanner.string(),
            let outcome = Fields.outcome(outcomeText),
            scanner.expect(#","planned_seconds":"#), let plannedSeconds = scanner.numberOrNull(),
            scanner.expect(#","started_at":"#), let started = scanner.string(), let startedAt = Instant.parse(utf8: started),
            scanner.expect("}"), scanner.isAtEnd
        else { return nil }
        return Fields(
            id: id, name: name, startedAt: startedAt, endedAt: endedAt, plannedSeconds: plannedSeconds,
            actualSeconds: actualSeconds, outcome: outcome
        ).record()
    }

    /// The checked name whose text is `bytes`, or `nil` when Domain refuses it.
    fileprivate mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> SessionName? {
        for known in names where known.bytes.count == bytes.count {
            let same = known.bytes.withUnsafeBufferPointer { Fields.same($0, bytes) }
            if same { return known.name }
        }
        guard let text = String(validating: bytes, as: UTF8.self), let name = try? SessionName(text) else {
            return nil
        }
        if names.count < Self.nameLimit { names.append((Array(bytes), name)) }
        return name
    }

    /// The fields found so far, each at most once.
    private struct Fields {
        var id: UUID?
        var name: SessionName?
        var startedAt: Date?
        var endedAt: Date?
        var plannedSeconds: Double??
        var actualSeconds: Double?
        var outcome: SessionOutcome?

        /// Takes one member; answers `false` for an unknown or repeated key or a wrong kind
        /// of value. Keys are told apart by their length (each of the seven has its own),
        /// then checked byte by byte.
        mutating func set(
            _ key: UnsafeBufferPointer<UInt8>, _ value: FlatJSONScanner.Value, names: inout HistoryLineParser
        ) -> Bool {
            switch (key.count, value) {
            case (2, .string(let text)) where id == nil && Self.matches(key, "id"):
                id = FlatJSONScanner.uuid(text)
                return id != nil
            case (4, .string(let text)) where name == nil && Self.matches(key, "name"):
                name = names.name(text)
                return name != nil
            case (10, .string(let text)) where startedAt == nil && Self.matches(key, "started_at"):
                startedAt = Instant.parse(utf8: text)
                return startedAt != nil
            case (8, .string(let text)) where endedAt == nil && Self.matches(key, "ended_at"):
                endedAt = Instant.parse(utf8: text)
                return endedAt != nil
            case (15, .number(let number)) where plannedSeconds == nil && Self.matches(key, "planned_seconds"):
                plannedSeconds = .some(number)
                return true
            case (15, .null) where plannedSeconds == nil && Self.matches(key, "planned_seconds"):
                plannedSeconds = .some(nil)
                return true
            case (14, .number(let number)) where actualSeconds == nil && Self.matches(key, "actual_seconds"):
                actualSeconds = number
                return true
            case (7, .string(let text)) where outcome == nil && Self.matches(key, "outcome"):
                outcome = Self.outcome(text)
                return outcome != nil
            default:
                return false
            }
        }

        /// The outcome spelled by `text`, told apart by its bytes (as `rawValue`, without a
        /// `String` per line and the string switch the raw value's initializer runs).
        static func outcome(_ text: UnsafeBufferPointer<UInt8>) -> SessionOutcome? {
            for (outcome, spelling) in outcomes {
                if spelling.withUnsafeBufferPointer({ same(text, $0) }) { return outcome }
            }
            return nil
        }

        /// Each outcome with its raw value's bytes.
        private static let outcomes = SessionOutcome.allCases.map { ($0, Array($0.rawValue.utf8)) }

        /// Whether `key` is `expected` (ASCII), compared as bytes.
        private static func matches(_ key: UnsafeBufferPointer<UInt8>, _ expected: StaticString) -> Bool {
            key.count == expected.utf8CodeUnitCount
                && same(key, UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
        }

        /// Whether two byte buffers hold the same bytes.
        static func same(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
            guard one.count == other.count else { return false }
            guard let first = one.baseAddress, let second = other.baseAddress else { return true }
            return memcmp(first, second, one.count) == 0
        }

        /// The record, when every required field is there and Domain accepts it.
        func record() -> SessionRecord? {
            guard let id, let name, let startedAt, let endedAt, let actualSeconds, let outcome else { return nil }
            return try? SessionRecord(
                id: id, name: name, startedAt: startedAt, endedAt: endedAt,
                plannedSeconds: plannedSeconds ?? nil, actualSeconds: actualSeconds, outcome: outcome)
        }
    }
}
