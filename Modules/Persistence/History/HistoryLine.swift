import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One record as a line of the history: compact JSON with sorted keys, so the same record
/// is always the same bytes.
enum HistoryLine {
    /// The line for `record`, without its newline.
    static func encode(_ record: SessionRecord, path: String) throws(PersistenceError) -> Data {
        try StoreJSON.encode(record, path: path)
    }
}
