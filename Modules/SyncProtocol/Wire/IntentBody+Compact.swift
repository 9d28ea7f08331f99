import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension IntentBody {
    /// Reads an intent body written compactly, as the project's client and most programs
    /// send one: a flat object of the five fields in any order, no white space, strings
    /// without escapes. `nil` for anything else (white space, an escape, an unknown,
    /// repeated or missing field, a value of another type, a rule broken), which
    /// ``StrictJSON`` then reads and, when it is wrong, says why.
    ///
    /// Whatever this answers is what ``StrictJSON`` reads from the same bytes, which stays
    /// the reference: a property test and the server's fuzz target hold the two together.
    /// It exists because `JSONDecoder` read every body twice (its field names, then its
    /// values), the largest piece of the server's own work per intent (issue 25).
    package static func readCompact(_ data: Data) -> IntentBody? {
        data.withUnsafeBytes { raw in
            var scanner = FlatJSONScanner(bytes: raw.assumingMemoryBound(to: UInt8.self))
            return read(&scanner)
        }
    }

    private static func read(_ scanner: inout FlatJSONScanner) -> IntentBody? {
        var action: String?
        var clientID: String?
        var intentID: String?
        var adjustSeconds: Double?
        var expectedVersion: UInt64?
        var seen: UInt8 = 0
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let name = scanner.string(), scanner.take(UInt8(ascii: ":")), let field = Field(name),
                seen & field.rawValue == 0
            else { return nil }
            seen |= field.rawValue
            // A value of any other form, `null` included, is StrictJSON's to read.
            switch field {
            case .action:
                guard let value = scanner.string().flatMap(Self.text) else { return nil }
                action = value
            case .clientID:
                guard let value = scanner.string().flatMap(Self.text) else { return nil }
                clientID = value
            case .intentID:
                guard let value = scanner.string().flatMap(Self.text) else { return nil }
                intentID = value
            case .adjustSeconds:
                guard let value = scanner.number() else { return nil }
                adjustSeconds = value
            case .expectedVersion:
                guard let value = scanner.unsignedInteger() else { return nil }
                expectedVersion = value
            }
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "}")), scanner.isAtEnd, let action, let clientID, let intentID else { return nil }
        let intent: Intent
        switch (action, adjustSeconds) {
        case ("pause", nil): intent = .pause
        case ("resume", nil): intent = .resume
        case ("finish", nil): intent = .finish
        case ("cancel", nil): intent = .cancel
        case ("adjust", let seconds?): intent = .adjustTarget(bySeconds: seconds)
        case ("revoke_code", nil): intent = .revokeCode
        default: return nil
        }
        return IntentBody(clientID: clientID, intentID: intentID, intent: intent, expectedVersion: expectedVersion)
    }

    /// A string's bytes as text, when they are valid UTF-8.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The body's fields, by their names on the wire; each its own bit, to tell a repeat.
    private enum Field: UInt8 {
        case action = 1, clientID = 2, intentID = 4, adjustSeconds = 8, expectedVersion = 16

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            func named(_ wire: StaticString) -> Bool {
                name.elementsEqual(UnsafeBufferPointer(start: wire.utf8Start, count: wire.utf8CodeUnitCount))
            }
            if named("action") {
                self = .action
            } else if named("client_id") {
                self = .clientID
            } else if named("intent_id") {
                self = .intentID
            } else if named("adjust_seconds") {
                self = .adjustSeconds
            } else if named("expected_version") {
                self = .expectedVersion
            } else {
                return nil
            }
        }
    }
}
