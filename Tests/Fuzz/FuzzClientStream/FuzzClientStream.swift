import Domain
import FuzzSupport
import SyncClient
import SyncProtocol
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client's fuzz target: what a hostile or broken server sends on an event stream.
/// The bytes are fed to `SSEParser` whole and in reads of a size the first byte picks, and
/// each event's data is decoded as the client does (`PushPayload`, then its snapshot).
///
/// Properties: the events do not depend on how reads cut the stream; the parser never
/// holds more than an event's worth of bytes; a payload the client accepts encodes and
/// decodes to itself, and so does its snapshot's activity; nothing traps.
enum ClientStreamFuzz {
    static func check(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let stream = Array(bytes.dropFirst())
        var whole = SSEParser()
        let events = whole.feed(stream)
        var pieces = SSEParser()
        let size = Int(first % 16) + 1
        var split: [SSEParser.Event] = []
        var start = 0
        while start < stream.count {
            split += pieces.feed(stream[start..<min(stream.count, start + size)])
            fuzzRequire(pieces.heldByteCount <= 3 * SSEParser.maximumEventSize, "the parser holds \(pieces.heldByteCount) bytes")
            start += size
        }
        fuzzRequire(split == events, "reads of \(size) bytes give other events than the whole stream")
        for event in events {
            guard let payload = try? JSONDecoder().decode(PushPayload.self, from: Data(event.data.utf8)) else { continue }
            let snapshot = payload.snapshot
            let again = try? JSONDecoder().decode(PushPayload.self, from: JSONEncoder().encode(payload))
            fuzzRequire(again?.snapshot.activity == snapshot.activity && again?.version == payload.version,
                "an accepted push does not encode and decode to itself")
        }
    }
}

/// libFuzzer's entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    ClientStreamFuzz.check(fuzzBytes(start, count))
    return 0
}

/// Fuzzing (`-D FUZZING`), libFuzzer's driver; otherwise the committed corpus, replayed once.
@main
enum FuzzClientStreamMain {
    static func main() {
        #if FUZZING
        fuzzMain(fuzzOneInput)
        #else
        FuzzCorpus.replay("FuzzClientStream", corpus: FuzzCorpus.folder(beside: #filePath), check: ClientStreamFuzz.check)
        #endif
    }
}
