#if canImport(Glibc)
    import Glibc
#endif

/// The main thread of a program whose work runs on the cooperative pool.
public enum MainThread {
    /// Parks the calling thread, `main`'s, until the program's work exits the process.
    ///
    /// `dispatchMain()` would end the thread with `pthread_exit`, which unwinds its stack:
    /// that loads `libgcc_s` and reads frame descriptions, and a program linked with a
    /// static runtime would read every one of them, megabytes it never otherwise touches
    /// (ADR 0047). Nothing in these programs runs on the main queue, so the thread only waits.
    public static func park() -> Never {
        while true { pause() }
    }
}
