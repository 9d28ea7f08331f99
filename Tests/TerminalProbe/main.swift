// The terminal tests' child: takes the terminal over as `moments start` does, says
// "ready", then ends the way the key it reads asks, so a test can check the terminal is
// given back on each path.
//   q: leaves in order and exits 0      x: calls exit(3) without leaving (the atexit hook)
//   s: dies of SIGSEGV (a crash)        t: waits for SIGTERM, which kills it by default
import CompositionRoot
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

let terminal = Terminal()
do {
    try terminal.enter()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
terminal.write("ready")
var byte: UInt8 = 0
while read(STDIN_FILENO, &byte, 1) == 1 {
    switch byte {
    case UInt8(ascii: "q"):
        terminal.leave()
        exit(0)
    case UInt8(ascii: "x"):
        exit(3)
    case UInt8(ascii: "s"):
        raise(SIGSEGV)
    case UInt8(ascii: "t"):
        terminal.write("waiting")
    default:
        continue
    }
}
