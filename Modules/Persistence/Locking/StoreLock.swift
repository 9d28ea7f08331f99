#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Domain

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive advisory lock on a store, held for as long as the store is open, so two
/// processes (or two opens in one process) never write the same files at once.
///
/// It is a `flock(2)` lock on a separate file, `NAME.lock`, beside the store's files:
///
/// - `flock` locks belong to an open file description, not to a process. A second open in
///   the same process conflicts like another process would, and closing some other
///   descriptor of the file never drops the lock by surprise — both are traps of POSIX
///   `fcntl` record locks, which belong to the process.
/// - The kernel drops the lock when its holder dies, even by `SIGKILL`, so a crash never
///   leaves a store locked. The lock file itself is never deleted: deleting a lock file
///   lets two processes each lock a different inode of the same name.
/// - The holder writes its process id into the file, so the next process can say who has
///   the store. The id is only a hint for the message; the lock is the `flock`.
/// - On a read-only file system no lock file can be made and none is needed: the store
///   opens for reading only, and every write fails with
///   ``PersistenceError/readOnlyFileSystem(path:)`` naming the file.
final class StoreLock: Sendable {
    /// The lock file.
    let lockPath: String
    private let descriptor: Guarded<FileDescriptor?>

    private init(lockPath: String, descriptor: FileDescriptor) {
        self.lockPath = lockPath
        self.descriptor = Guarded(descriptor)
    }

    /// Takes the lock at `lockURL`, retrying for up to `wait` while another holder has it,
    /// then failing with ``PersistenceError/inUse(path:processID:)`` about `storePath`.
    ///
    /// Answers `nil` when the folder is on a read-only file system: no process can write
    /// there, so there is nothing to exclude, and the store opens for reading only.
    static func acquire(
        _ lockURL: URL, for storePath: String, waitingUpTo wait: Duration
    ) throws(PersistenceError) -> StoreLock? {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(lockURL.path, flags: O_RDWR | O_CREAT)
        } catch .readOnlyFileSystem {
            return nil
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: wait)
        // Made before the first try, so a release between the try and the wait still wakes it.
        var release: FileWatch?
        while flock(file.raw, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                file.close()
                throw .from(errno: code, operation: .lock, path: lockURL.path)
            }
            let left = clock.now.duration(to: deadline)
            guard left > .zero else {
                let holder = holderID(of: file)
                file.close()
                throw .inUse(path: storePath, processID: holder)
            }
            if release == nil {
                // The holder's close of the lock file (also the kernel's, when it dies)
                // releases the lock; look again then, not on a timer. Without inotify, a
                // tenth of a second between tries.
                release = FileWatch([(lockURL.deletingLastPathComponent().path, .closedAfterWriting)])
                if release != nil { continue }
            }
            if let release { _ = release.wait(upTo: left) } else { usleep(100_000) }
        }
        let text = "\(getpid())\n"
        _ = ftruncate(file.raw, 0)
        _ = text.withCString { pwrite(file.raw, $0, strlen($0), 0) }
        return StoreLock(lockPath: lockURL.path, descriptor: file)
    }

    /// Releases the lock; later calls do nothing.
    func release() {
        descriptor.withLock { held in
            held?.close()
            held = nil
        }
    }

    deinit {
        release()
    }

    /// The process id the holder wrote, if it can be read.
    private static func holderID(of file: FileDescriptor) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(file.raw, $0.baseAddress, 31, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return Int32(text.trimmingWhitespace).flatMap { $0 > 0 ? $0 : nil }
    }
}
