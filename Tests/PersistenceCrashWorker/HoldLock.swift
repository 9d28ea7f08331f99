import Foundation
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the history (taking its lock), says `locked <pid>`, then holds it for the given
/// time and says `released`, or forever when the time is 0, until it is killed.
enum HoldLock {
    static func run(folder: URL, milliseconds: Int) -> Never {
        do {
            let store = try HistoryStore.open(directory: folder)
            WorkerOutput.line("locked \(getpid())")
            guard milliseconds > 0 else {
                while true { pause() }
            }
            usleep(UInt32(milliseconds) * 1_000)
            store.close()
            WorkerOutput.line("released")
            exit(0)
        } catch {
            WorkerOutput.fail("\(error)")
        }
    }
}
