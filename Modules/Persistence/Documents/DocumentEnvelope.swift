/// How a single-document file is laid out: the schema's name and version beside the
/// document, so the version is read before the document is.
///
/// ```json
/// { "content" : { … }, "format" : "little-moments/settings", "version" : 1 }
/// ```
struct DocumentEnvelope<Content: Codable>: Codable {
    var format: String
    var version: Int
    var content: Content
}

/// The envelope without its content, read first to decide how to read the rest.
struct DocumentEnvelopeHeader: Decodable {
    var format: String
    var version: Int
}
