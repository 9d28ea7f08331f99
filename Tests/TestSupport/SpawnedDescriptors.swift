#if canImport(Glibc)
import Glibc

/// What a child the tests spawn inherits of their process: its standard input, output and
/// error, nothing else.
///
/// A socket or file a test has open without close-on-exec would otherwise stay open in
/// every child spawned meanwhile, and a test that closes it waits for a close that never
/// comes: PostgreSQL, started once for the whole run, kept a watcher's socket of another
/// suite open, and the server never heard that watcher hang up.
public enum SpawnedDescriptors {
    /// Adds to `actions` the closing of every descriptor from 3 up, after the actions
    /// before it (glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's
    /// Glibc module does not declare, so it is looked up by name).
    public static func closeAllButStandard(_ actions: inout posix_spawn_file_actions_t) {
        guard let addCloseFrom else { return }
        _ = addCloseFrom(&actions, 3)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
#endif
