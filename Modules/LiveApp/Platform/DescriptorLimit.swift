#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit of open descriptors, which bounds how many connections a server
/// can hold: under systemd's default (`LimitNOFILE`, soft 1,024) a few hundred watchers
/// are enough to reach it.
enum DescriptorLimit {
    /// Raises the soft limit to the hard one, as far as the kernel allows, and answers the
    /// soft limit now in force (`nil` when it cannot be read). Raising it needs no
    /// privilege; only the hard limit is the administrator's.
    static func raiseToHard() -> Int? {
        var limit = rlimit()
        guard getrlimit(Resource.files, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Resource.files, &raised) == 0 {
                limit = raised
            } else {
                // macOS refuses more than OPEN_MAX however high the hard limit reads;
                // Linux refuses more than fs.nr_open. The soft limit stays as it was.
                _ = getrlimit(Resource.files, &limit)
            }
        }
        return limit.rlim_cur == rlim_t.max ? Int(Int32.max) : Int(clamping: limit.rlim_cur)
    }

    private enum Resource {
        #if canImport(Glibc)
            static let files = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            static let files = RLIMIT_NOFILE
        #endif
    }
}
