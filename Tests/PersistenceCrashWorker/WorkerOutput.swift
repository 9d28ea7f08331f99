import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Lines to the parent, written straight to the pipe: `print` would sit in a buffer and
/// die with the process, and an acknowledgement must reach the parent before the next write.
enum WorkerOutput {
    /// Writes one line.
    static func line(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                exit(3)
            }
            offset += written
        }
    }

    /// Reports a failure the parent did not ask for, and exits.
    static func fail(_ message: String) -> Never {
        line("failed \(message)")
        exit(2)
    }
}
