import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Work run on a thread of its own at a lower CPU priority (nice 10), for what must be done
/// but must not take the cores from the requests waiting on the same machine: a compaction
/// beside the writes (ADR 0053).
///
/// On Linux the nice value is the thread's own (setpriority(2)), so a thread made for the
/// work lowers itself and ends with it: no thread of a shared pool is left lowered, and
/// a process without privileges (which could not raise a thread's priority back) may do it.
enum LowPriorityThread {
    /// How much lower than the process the thread runs: CFS gives it about a tenth of the
    /// share of a thread at the process's priority when both want a core, all of an idle one.
    static let niceness: Int32 = 10

    /// Runs `work` on a new thread at the lower priority and returns once it is done; on
    /// the calling thread when no thread can be made.
    static func run(_ work: @escaping @Sendable () -> Void) {
        let job = Job(work)
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let made = pthread_create(&thread, nil, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, LowPriorityThread.niceness)
            job.work()
            job.done.signal()
            return nil
        }, context)
        if made != 0 {
            Unmanaged<Job>.fromOpaque(context).release()
            work()
            return
        }
        pthread_detach(thread)
        job.done.wait()
    }

    /// The work, and the signal that it is done.
    private final class Job: Sendable {
        let work: @Sendable () -> Void
        let done = DispatchSemaphore(value: 0)

        init(_ work: @escaping @Sendable () -> Void) {
            self.work = work
        }
    }
}
