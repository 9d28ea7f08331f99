#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and writing the header line of a line file, with the verdicts a store acts on:
/// a newer or unmigratable file is refused before anything is touched; a damaged header
/// is the store's to salvage.
enum LineFileHeader {
    /// What the first line of a file says.
    enum Verdict {
        /// A header of the expected format, in a version this program can read.
        case readable(FileHeader)
        /// A header of another kind of file.
        case otherFormat(String)
        /// Not a header at all.
        case damaged
    }

    /// Checks `line` against the expected `format` and the newest `layoutVersion` known,
    /// throwing for a newer layout (the file must stay untouched).
    static func check(
        _ line: Data, format: String, layoutVersion: Int, path: String
    ) throws(PersistenceError) -> Verdict {
        guard let header = try? JSONDecoder().decode(FileHeader.self, from: line) else { return .damaged }
        guard header.format == format else { return .otherFormat(header.format) }
        if header.version > layoutVersion {
            throw .newerVersion(path: path, format: format, found: header.version, supported: layoutVersion)
        }
        guard header.version >= 1 else { return .damaged }
        return .readable(header)
    }

    /// The header line's bytes.
    static func encode(_ header: FileHeader) -> Data {
        // A header of strings and integers always encodes.
        (try? StoreJSON.encode(header, path: "")) ?? Data()
    }
}

extension ContentFailure {
    /// The error a refused file gets; `nil` for damage, which the store salvages instead.
    func refusal(path: String, format: String, supported: Int) -> PersistenceError? {
        switch self {
        case .newer(let found): return .newerVersion(path: path, format: format, found: found, supported: supported)
        case .noMigration(let from): return .noMigration(path: path, format: format, from: from, to: supported)
        case .damaged: return nil
        }
    }
}
