import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The person's time zone, as the C library keeps it: `TZ` when it is set, otherwise
/// `/etc/localtime` (ADR 0016).
///
/// The offset at each instant comes from `localtime_r`, which reads the zone's rules once
/// per process and knows every change of clocks in them, past and future.
public enum SystemTimeZone {
    /// The zone of this process.
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> LocalTimeZone {
        LocalTimeZone(identifier: identifier(environment: environment)) { seconds in
            var time = time_t(seconds)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }

    /// The zone's name: `TZ` without its leading `:`, else the zone `/etc/localtime`
    /// links to (`Europe/Paris`), else `localtime`.
    static func identifier(environment: [String: String]) -> String {
        if let variable = environment["TZ"], !variable.isEmpty {
            let name = variable.hasPrefix(":") ? String(variable.dropFirst()) : variable
            return name.firstRange(of: "zoneinfo/").map { String(name[$0.upperBound...]) } ?? name
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let marker = target.firstRange(of: "zoneinfo/")
        {
            return String(target[marker.upperBound...])
        }
        return "localtime"
    }
}
