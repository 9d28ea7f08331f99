/// Short, readable reasons for a decoding failure, for the messages that report damaged
/// files: "'started_at' is missing" says more to a person than a `DecodingError` dump.
enum DecodingProblem {
    /// The reason `error` gives, with the field it concerns.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, context.underlyingError != nil {
                return "it is not valid JSON"
            }
            return field(context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(let type, let context):
            return field(context.codingPath, "expected \(type)")
        case .valueNotFound(let type, let context):
            return field(context.codingPath, "expected \(type), found null")
        @unknown default:
            return "\(error)"
        }
    }

    private static func field(_ codingPath: [any CodingKey], _ detail: String) -> String {
        codingPath.isEmpty ? detail : "'\(path(codingPath))': \(detail)"
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
