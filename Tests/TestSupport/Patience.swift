/// How long tests wait for a child process before they call it a hang.
public enum Patience {
    /// The default deadline of every wait on a process's output, exit or files.
    ///
    /// A wait returns as soon as what it waits for happens, so a passing test never spends
    /// it; it only bounds a failing one. It is generous because a durable write on a loaded
    /// CI machine (a fresh build beside crash tests that fsync in a loop) has been seen to
    /// stall for more than ten seconds, and a slow disk is not what these tests test. On a
    /// machine whose system calls cost two and a half times as much (2026-11-28), three
    /// requests to a server in the test process, sent while every suite was starting at
    /// once, took more than 45 s to be answered.
    public static let hang: Duration = .seconds(90)
}
