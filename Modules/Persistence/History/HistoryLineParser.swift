import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
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
package enum HistoryLineParser {
    /// The record in `line`, or `nil` when the line is not in the canonical form or not valid.
    /// `package`, so the documents' fuzz target (Tests/Fuzz) can hold it to `JSONDecoder`'s answer.
    package static func parse(_ line: Data) -> SessionRecord? {
        line.withUnsafeBytes { raw in
            var scanner = FlatJSONScanner(bytes: raw.bindMemory(to: UInt8.self))
            var fields = Fields()
            guard scanner.scanObject({ key, value in fields.set(key, value) }) else { return nil }
            return fields.record()
        }
    }

    /// The fields found so far, each at most once.
    private struct Fields {
        var id: UUID?
        var name: String?
        var startedAt: Date?
        var endedAt: Date?
        var plannedSeconds: Double??
        var actualSeconds: Double?
        var outcome: SessionOutcome?

        /// Takes one member; answers `false` for an unknown or repeated key or a wrong kind of value.
        mutating func set(_ key: UnsafeBufferPointer<UInt8>, _ value: FlatJSONScanner.Value) -> Bool {
            switch (String(decoding: key, as: UTF8.self), value) {
            case ("id", .string(let text)) where id == nil:
                id = FlatJSONScanner.uuid(text)
                return id != nil
            case ("name", .string(let text)) where name == nil:
                name = String(validating: text, as: UTF8.self)
                return name != nil
            case ("started_at", .string(let text)) where startedAt == nil:
                startedAt = String(validating: text, as: UTF8.self).flatMap(Instant.parse)
                return startedAt != nil
            case ("ended_at", .string(let text)) where endedAt == nil:
                endedAt = String(validating: text, as: UTF8.self).flatMap(Instant.parse)
                return endedAt != nil
            case ("planned_seconds", .number(let number)) where plannedSeconds == nil:
                plannedSeconds = .some(number)
                return true
            case ("planned_seconds", .null) where plannedSeconds == nil:
                plannedSeconds = .some(nil)
                return true
            case ("actual_seconds", .number(let number)) where actualSeconds == nil:
                actualSeconds = number
                return true
            case ("outcome", .string(let text)) where outcome == nil:
                outcome = SessionOutcome(rawValue: String(decoding: text, as: UTF8.self))
                return outcome != nil
            default:
                return false
            }
        }

        /// The record, when every required field is there and Domain accepts it.
        func record() -> SessionRecord? {
            guard let id, let name, let startedAt, let endedAt, let actualSeconds, let outcome,
                let sessionName = try? SessionName(name)
            else { return nil }
            return try? SessionRecord(
                id: id, name: sessionName, startedAt: startedAt, endedAt: endedAt,
                plannedSeconds: plannedSeconds ?? nil, actualSeconds: actualSeconds, outcome: outcome)
        }
    }
}
