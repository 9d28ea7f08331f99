#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// An open file descriptor with the few operations durability needs, each retried on
/// `EINTR` and each failing with a ``PersistenceError`` that names the path.
///
/// Foundation's `FileHandle` hides short writes and cannot `fsync` a folder, so the stores
/// talk to the system directly through this one small type. It does not close itself: the
/// owner calls ``close()`` exactly once.
struct FileDescriptor: Sendable {
    /// The raw descriptor.
    let raw: Int32
    /// The path it was opened with, for error messages.
    let path: String

    /// Opens `path` with `flags` (`O_CLOEXEC` is always added, so a child process never
    /// inherits a store's files or locks), creating it with `mode` when `O_CREAT` is given.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(PersistenceError) -> FileDescriptor {
        if let code = FileFaults.failure(of: .open, path: path) { throw .from(errno: code, operation: .open, path: path) }
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return FileDescriptor(raw: fd, path: path) }
            let code = errno
            if code == EINTR { continue }
            throw .from(errno: code, operation: .open, path: path)
        }
    }

    /// Opens a folder so it can be synced: a rename is durable only once its folder is.
    static func openDirectory(_ path: String) throws(PersistenceError) -> FileDescriptor {
        try open(path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// Writes all of `bytes`, continuing after short writes and `EINTR`.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(PersistenceError) {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        if let code = FileFaults.failure(of: .write, path: path) {
            // Half the bytes first, as a disk filling up in the middle of a write leaves them.
            _ = Glibc.write(raw, cursor, remaining / 2)
            throw .from(errno: code, operation: .write, path: path)
        }
        while remaining > 0 {
            let written = Glibc.write(raw, cursor, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .from(errno: code, operation: .write, path: path)
            }
            if written == 0 { throw .fileSystem(path: path, operation: .write, code: EIO) }
            cursor += written
            remaining -= written
        }
    }

    /// Writes all of `data`.
    func writeAll(_ data: Data) throws(PersistenceError) {
        var failure: PersistenceError?
        data.withUnsafeBytes { buffer in
            do throws(PersistenceError) { try writeAll(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// The whole contents of the file at `path`, or `nil` when there is no such file: the
    /// one way the stores read a small file whole.
    static func contentsIfPresent(_ path: String) throws(PersistenceError) -> Data? {
        let file: FileDescriptor
        do {
            file = try open(path, flags: O_RDONLY)
        } catch .fileSystem(_, _, let code) where code == ENOENT {
            return nil
        }
        defer { file.close() }
        return try file.readToEnd()
    }

    /// Reads the whole file from its current offset to the end.
    func readToEnd() throws(PersistenceError) -> Data {
        var status = stat()
        let expected = fstat(raw, &status) == 0 ? Int(status.st_size) : 0
        if expected >= Self.largeFile { return try readLargeToEnd(expected: expected) }
        var data = Data(count: max(expected, 0) + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(65_536, data.count / 2) }
            let read = try readOnce(into: &data, at: filled, fileOffset: nil)
            if read == 0 { break }
            filled += read
        }
        data.count = filled
        return data
    }

    /// Reads `count` bytes from `offset` (`pread`), without moving the file's offset;
    /// fewer only when the file ends before.
    func read(at offset: Int, count: Int) throws(PersistenceError) -> Data {
        var data = Data(count: max(count, 0))
        var filled = 0
        while filled < count {
            let read = try readOnce(into: &data, at: filled, fileOffset: offset + filled)
            if read == 0 { break }
            filled += read
        }
        data.count = filled
        return data
    }

    /// One `read` (or `pread` at `fileOffset`) into `data` from `index` to its end, retried
    /// on `EINTR`: how many bytes it read, 0 at the file's end.
    private func readOnce(into data: inout Data, at index: Int, fileOffset: Int?) throws(PersistenceError) -> Int {
        let count = data.count
        while true {
            let read = data.withUnsafeMutableBytes { buffer in
                if let fileOffset { return pread(raw, buffer.baseAddress! + index, count - index, off_t(fileOffset)) }
                return Glibc.read(raw, buffer.baseAddress! + index, count - index)
            }
            if read >= 0 { return read }
            let code = errno
            if code != EINTR { throw .from(errno: code, operation: .read, path: path) }
        }
    }

    /// From this size on, a file is read by ``readLargeToEnd(expected:)``.
    private static let largeFile = 4 << 20
    /// The size and alignment of a huge page on x86-64 and arm64 Linux.
    private static let hugePage = 2 << 20

    /// Reads a large file (a long history: 21 MB for 100,000 sessions): mapped, when it
    /// can be, else read into memory aligned to huge pages and marked for them.
    ///
    /// A mapping hands the page cache's own pages to the process, all at once
    /// (`MAP_POPULATE`): 2 ms for 21 MB here, against 6-7 ms to read it into huge pages
    /// (each zeroed by the kernel first, and up to 40 ms when it has none free) and 22 ms
    /// into ordinary ones. The stores read whole files under their lock, and every writer of
    /// them takes that lock and either appends or replaces the file by a rename, so the
    /// mapped bytes do not change while they are read; a file cut short in place by some
    /// other program in that moment would stop the process (`SIGBUS`).
    private func readLargeToEnd(expected: Int) throws(PersistenceError) -> Data {
        if let mapped = mapWhole(expected: expected) { return mapped }
        return try readIntoHugePages(expected: expected)
    }

    /// The whole file mapped read-only, when it is read from its start and the kernel maps it.
    private func mapWhole(expected: Int) -> Data? {
        guard expected > 0, lseek(raw, 0, SEEK_CUR) == 0 else { return nil }
        let mapped = mmap(nil, expected, PROT_READ, MAP_PRIVATE | MAP_POPULATE, raw, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        return Data(bytesNoCopy: mapped, count: expected, deallocator: .custom { base, count in _ = munmap(base, count) })
    }

    /// Reads the file into memory aligned to huge pages and marked for them: the kernel
    /// then maps it with a handful of page faults instead of one per 4 KiB. The advice is a
    /// hint; without it the read is the same, on ordinary pages.
    private func readIntoHugePages(expected: Int) throws(PersistenceError) -> Data {
        var capacity = (expected + Self.hugePage) / Self.hugePage * Self.hugePage
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, Self.hugePage, capacity) == 0, var base = memory else {
            throw .from(errno: ENOMEM, operation: .read, path: path)
        }
        _ = madvise(base, capacity, Int32(MADV_HUGEPAGE))
        var filled = 0
        while true {
            if filled == capacity {
                capacity += max(65_536, capacity / 2)
                guard let grown = realloc(base, capacity) else {
                    free(base)
                    throw .from(errno: ENOMEM, operation: .read, path: path)
                }
                base = grown
            }
            let read = Glibc.read(raw, base + filled, capacity - filled)
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                free(base)
                throw .from(errno: code, operation: .read, path: path)
            }
            if read == 0 { break }
            filled += read
        }
        return Data(bytesNoCopy: base, count: filled, deallocator: .free)
    }

    /// Forces the file's data and metadata to the device: after this returns, a power cut
    /// cannot take back what was written.
    func sync() throws(PersistenceError) {
        if let code = FileFaults.failure(of: .sync, path: path) { throw .from(errno: code, operation: .sync, path: path) }
        while fsync(raw) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw .from(errno: code, operation: .sync, path: path)
        }
    }

    /// Forces the file's data (and its size) to the device, without timestamps: enough for
    /// an append, and cheaper than ``sync()``.
    func syncData() throws(PersistenceError) {
        if let code = FileFaults.failure(of: .sync, path: path) { throw .from(errno: code, operation: .sync, path: path) }
        while fdatasync(raw) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw .from(errno: code, operation: .sync, path: path)
        }
    }

    /// The file's size in bytes.
    func size() throws(PersistenceError) -> Int {
        var status = stat()
        guard fstat(raw, &status) == 0 else { throw .from(errno: errno, operation: .inspect, path: path) }
        return Int(status.st_size)
    }

    /// Cuts the file to `length` bytes: how a failed append is taken back.
    func truncate(to length: Int) throws(PersistenceError) {
        if let code = FileFaults.failure(of: .truncate, path: path) {
            throw .from(errno: code, operation: .truncate, path: path)
        }
        while ftruncate(raw, off_t(length)) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw .from(errno: code, operation: .truncate, path: path)
        }
    }

    /// Closes the descriptor. Errors are ignored: every write that matters was synced and
    /// checked before, and Linux closes the descriptor even when `close` reports one.
    func close() {
        _ = Glibc.close(raw)
    }
}

extension FileDescriptor {
    /// Which file this is (device and inode): how a store tells whether the file at a
    /// path is still the one it holds open, after a rename over it may or may not have
    /// happened.
    func identity() -> FileInode? {
        var status = stat()
        guard fstat(raw, &status) == 0 else { return nil }
        return FileInode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Which file is at `path` now, if any.
    static func identity(at path: String) -> FileInode? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileInode(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}

/// A file's device and inode.
struct FileInode: Hashable {
    let device: UInt64
    let inode: UInt64
}
