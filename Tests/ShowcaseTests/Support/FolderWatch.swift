import Foundation
import Glibc

/// Watches folders with Linux's inotify for anything opened, read, written, created or
/// removed in them: how a test proves a process left a person's files alone, reads
/// included, which a listing of the folder cannot show.
final class FolderWatch {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// IN_ACCESS | IN_MODIFY | IN_ATTRIB | IN_OPEN | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE.
    private static let everything: UInt32 = 0x1 | 0x2 | 0x4 | 0x20 | 0x40 | 0x80 | 0x100 | 0x200

    init(_ paths: [URL]) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for path in paths {
            let watch = inotify_add_watch(descriptor, path.path, Self.everything)
            guard watch >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            folders[watch] = path.path
        }
    }

    deinit { close(descriptor) }

    /// Everything seen since the watch began, as `folder/name: mask` lines.
    func events() -> [String] {
        var seen: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes -> (Int32, UInt32, Int) in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
                seen.append("\(folders[watch] ?? "?")/\(name): 0x\(String(mask, radix: 16))")
                offset = nameStart + length
            }
        }
        return seen
    }
}
