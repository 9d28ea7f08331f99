import Foundation
import TestSupport

extension TemporaryFolder {
    /// Every file and folder below it, as paths relative to it, sorted: what an export
    /// wrote, or proof that nothing was.
    func tree() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var found: [String] = []
        while let next = enumerator?.nextObject() as? String { found.append(next) }
        return found.sorted()
    }
}
