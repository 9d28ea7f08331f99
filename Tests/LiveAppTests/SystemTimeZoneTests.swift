import Domain
import Testing

@testable import LiveApp

/// The zone's name the app shows, as `TZ` or `/etc/localtime` give it.
struct SystemTimeZoneTests {
    @Test(
        "TZ is named by what follows its zoneinfo folder, or as it is",
        arguments: [
            (":/usr/share/zoneinfo/Europe/Paris", "Europe/Paris"),
            ("/usr/share/zoneinfo/posix/America/New_York", "posix/America/New_York"),
            ("Asia/Tokyo", "Asia/Tokyo"),
            ("UTC", "UTC"),
            // No zone after the folder, and a folder that only ends in the word: as given.
            ("/usr/share/zoneinfo", "/usr/share/zoneinfo"),
            ("/opt/myzoneinfo/Europe/Oslo", "/opt/myzoneinfo/Europe/Oslo"),
        ])
    func namedFromTZ(variable: String, name: String) {
        #expect(SystemTimeZone.identifier(environment: ["TZ": variable]) == name)
    }

    @Test("the zone in a path is what follows its first zoneinfo folder")
    func zoneInPath() {
        #expect(SystemTimeZone.zone(inPath: "/usr/share/zoneinfo/Europe/Paris") == "Europe/Paris")
        #expect(SystemTimeZone.zone(inPath: "../zoneinfo/zoneinfo/Etc/UTC") == "zoneinfo/Etc/UTC")
        #expect(SystemTimeZone.zone(inPath: "/usr/share/zoneinfo/") == nil)
        #expect(SystemTimeZone.zone(inPath: "/etc/localtime") == nil)
    }
}
