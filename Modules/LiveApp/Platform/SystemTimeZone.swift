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
            return zone(inPath: name) ?? name
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let zone = zone(inPath: target)
        {
            return zone
        }
        return "localtime"
    }

    /// The components of `path` after its first `zoneinfo` folder (`Europe/Paris` of
    /// `/usr/share/zoneinfo/Europe/Paris`); `nil` when there is none, or nothing after it.
    /// Path components rather than a search of the text: `firstRange(of:)` is
    /// _StringProcessing's, whose code a session would otherwise map for this alone (ADR 0048).
    static func zone(inPath path: String) -> String? {
        let components = path.split(separator: "/")
        guard let folder = components.firstIndex(of: "zoneinfo"), folder + 1 < components.count else { return nil }
        return components[(folder + 1)...].joined(separator: "/")
    }
}
