import Domain
import FuzzSupport
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The view toolkit's fuzz target: any text (a session name, a server's message) drawn by
/// `Text` into a frame and encoded for a terminal. The first byte picks the width offered
/// (0 to 63 columns) and whether the text wraps, the second the height; the rest is the
/// text, as UTF-8 with broken sequences replaced.
///
/// Properties: no encoded line is wider than the width offered, and no more lines than the
/// height; the plain encoding holds no control byte, and the ANSI one no escape but the
/// colour and style sequences (`ESC [ … m`) the encoder writes itself; the sanitiser
/// leaves no unsafe scalar; the fast width of a text is the sum of its clusters' widths.
enum RenderingFuzz {
    static let environment = ViewEnvironment(now: Date(timeIntervalSince1970: 1_800_000_000))

    static func check(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let width = Int(bytes[0] % 64)
        let wraps = bytes[0] >= 128
        let height = Int(bytes[1] % 16)
        let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)

        let clean = Sanitizer.clean(text)
        fuzzRequire(!clean.unicodeScalars.contains(where: Sanitizer.isUnsafe), "the sanitiser let an unsafe scalar through")
        let clusters = text.reduce(0) { $0 + GraphemeWidth.width(of: $1) }
        fuzzRequire(GraphemeWidth.width(of: text) == clusters, "the fast width disagrees with the clusters' widths")

        let frame = Frame(rendering: Text(text).wrapped(wraps).bold(), width: width, height: height, environment: environment)
        let plain = PlainEncoder(trimsTrailingSpaces: false).encode(frame)
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        fuzzRequire(lines.count <= max(1, height), "\(lines.count) lines in a height of \(height)")
        for line in lines {
            fuzzRequire(GraphemeWidth.width(of: line) <= width, "a line of \(GraphemeWidth.width(of: line)) cells in \(width)")
            fuzzRequire(!line.unicodeScalars.contains(where: Sanitizer.isUnsafe), "a control character reached the plain output")
        }
        let ansi = ANSIEncoder(depth: .trueColor).encode(frame)
        let shown = withoutStyleSequences(ansi)
        fuzzRequire(!shown.unicodeScalars.contains { $0 != "\n" && Sanitizer.isUnsafe($0) }, "an escape from the input reached the ANSI output")
    }

    /// `text` without the `ESC [ digits;… m` sequences the encoder writes for styles.
    static func withoutStyleSequences(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}", scalars.first == "[" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            var sequence = scalars.dropFirst()
            while let next = sequence.first, next == ";" || ("0"..."9").contains(next) { sequence = sequence.dropFirst() }
            guard sequence.first == "m" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            scalars = sequence.dropFirst()
        }
        return result
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    RenderingFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzRenderingMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzRendering", corpus: FuzzCorpus.folder(beside: #filePath), check: RenderingFuzz.check)
        #endif
    }
}
