#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a request body strictly: a JSON object with only the fields it allows, each of
/// the right type, with a message that names the field when anything is off.
package enum StrictJSON {
    /// Decodes `T` from `data`, refusing fields outside `allowed`.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, allowed: Set<String>) throws(SyncError) -> T {
        let fields: FieldNames
        do {
            fields = try JSONDecoder().decode(FieldNames.self, from: data)
        } catch DecodingError.typeMismatch {
            throw .badRequest("The body must be a JSON object.")
        } catch {
            throw .badRequest("The body is not valid JSON (UTF-8); send a JSON object.")
        }
        if let unknown = fields.names.filter({ !allowed.contains($0) }).sorted().first {
            throw .badRequest("Unknown field '\(unknown)'; allowed fields are \(allowed.sorted().joined(separator: ", ")).")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as SyncError {
            throw error
        } catch let DecodingError.typeMismatch(expected, context) {
            throw .badRequest("'\(field(context.codingPath))' must be \(describe(expected)).")
        } catch let DecodingError.valueNotFound(expected, context) {
            throw .badRequest("'\(field(context.codingPath))' must be \(describe(expected)), not null.")
        } catch let DecodingError.keyNotFound(key, _) {
            throw .badRequest("The field '\(key.stringValue)' is missing.")
        } catch let DecodingError.dataCorrupted(context) {
            throw .badRequest(context.debugDescription)
        } catch {
            throw .badRequest("The body could not be read: \(error).")
        }
    }

    /// The names of a JSON object's fields, whatever their values.
    private struct FieldNames: Decodable {
        let names: [String]

        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    /// Any field name.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func field(_ path: [any CodingKey]) -> String {
        path.map(\.stringValue).joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Int.Type, is UInt64.Type: return "a number"
        default: return "a value of another type"
        }
    }
}
