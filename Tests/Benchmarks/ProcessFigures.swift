import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What Linux says of a running process in `/proc`: its CPU time, its memory and how often
/// it woke, the figures of a program that runs all day (a session, a bar).
enum ProcessFigures {
    /// User plus system clock ticks of a process, from `/proc/PID/stat`.
    static func cpuTicks(_ pid: pid_t) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which may hold spaces) start after the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // utime and stime are fields 14 and 15 of the whole line: 12th and 13th after ')'.
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    /// CPU seconds of a process so far.
    static func cpuSeconds(_ pid: pid_t) throws -> Double {
        Double(try cpuTicks(pid)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The peak resident set of a process in bytes, from `/proc/PID/status`.
    static func peakMemory(_ pid: pid_t) throws -> Double {
        try memoryField("VmHWM:", of: pid)
    }

    /// One memory line of `/proc/PID/status` (`VmHWM:`, `RssAnon:` …) in bytes.
    static func memoryField(_ name: String, of pid: pid_t) throws -> Double {
        try field(name, in: "/proc/\(pid)/status") * 1_024
    }

    /// The voluntary context switches of libdispatch's manager thread (named
    /// `…-qos.overcommit`), whose pool monitor wakes once a second in every Swift program
    /// that uses Dispatch on Linux: the floor of any such program's wakes.
    static func monitorSwitches(_ pid: pid_t) throws -> Double {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.reduce(0) { sum, task in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard name.hasPrefix("-qos.overcommit") || name.contains("qos.overcommit") else { return sum }
            return sum + ((try? field("voluntary_ctxt_switches:", in: "/proc/\(pid)/task/\(task)/status")) ?? 0)
        }
    }

    /// What the children that ended so far spent, all threads over their whole lives: CPU
    /// seconds (user and system) and voluntary context switches (`getrusage(2)`).
    static func children() -> (cpu: Double, switches: Double) {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return (cpu, Double(usage.ru_nvcsw))
    }

    /// The number after `name` on its line of a `/proc` status file.
    private static func field(_ name: String, in path: String) throws -> Double {
        let status = try String(contentsOfFile: path, encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
        return line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Double($0) } ?? 0
    }
}
