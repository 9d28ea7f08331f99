import FuzzSupport
import TerminalIO

/// The key decoder's fuzz target: any byte stream a terminal (or a paste) can send.
///
/// Properties: every byte is read exactly once, in order (the steps cover the chunk with
/// no gap and no overlap); decoding is the same whole or split at a step's boundary, so
/// no key depends on how reads cut the stream; a character key is one valid character.
enum KeyDecoderFuzz {
    static func check(_ bytes: [UInt8]) {
        let decoder = KeyDecoder()
        let tokens = decoder.tokens(bytes)
        var next = 0
        for token in tokens {
            fuzzRequire(token.bytes.lowerBound == next && !token.bytes.isEmpty, "step \(token) does not start at byte \(next)")
            next = token.bytes.upperBound
        }
        fuzzRequire(next == bytes.count, "the steps end at \(next) of \(bytes.count) bytes")
        let keys = decoder.decode(bytes)
        fuzzRequire(keys == tokens.compactMap(\.key), "decode disagrees with its steps")
        if let middle = tokens.dropFirst(tokens.count / 2).first?.bytes.lowerBound {
            let split = decoder.decode(Array(bytes[..<middle])) + decoder.decode(Array(bytes[middle...]))
            fuzzRequire(split == keys, "cutting the chunk at byte \(middle), a step boundary, changes the keys")
        }
        for key in keys {
            if case .character(let character) = key {
                fuzzRequire(character.unicodeScalars.count == 1, "a character key \(character) holds several scalars")
            }
        }
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    KeyDecoderFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzKeyDecoderMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzKeyDecoder", corpus: FuzzCorpus.folder(beside: #filePath), check: KeyDecoderFuzz.check)
        #endif
    }
}
