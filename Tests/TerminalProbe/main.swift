// The terminal tests' child: takes the terminal over as `moments start` does, says
// "ready", then ends the way the key it reads asks, so a test can check the terminal is
// given back on each path.
//   q: leaves in order and exits 0      x: calls exit(3) without leaving (the atexit hook)
//   s: dies of SIGSEGV (a crash)        t: waits for SIGTERM, which kills it by default
//   g: watches SIGTERM as a screen does (SignalEvents), writing "watched" for each
//   h: stops watching; the next SIGTERM must kill it
import TerminalIO
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

SignalEvents.start()
let terminal = Terminal()
do {
    try terminal.enter()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
terminal.write("ready")
var byte: UInt8 = 0
var watching: Task<Void, Never>?
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
    case UInt8(ascii: "g"):
        // While a screen is open, SIGTERM is an event and does not kill...
        let signals = SignalEvents.stream([SIGTERM])
        // Detached: the main actor is busy reading keys.
        watching = Task.detached { for await _ in signals { terminal.write("watched") } }
        terminal.write("watching")
    case UInt8(ascii: "h"):
        // ...and once it has closed (its task cancelled, as a screen's are), the action
        // from before is back.
        watching?.cancel()
        await watching?.value
        terminal.write("given back")
    default:
        continue
    }
}
