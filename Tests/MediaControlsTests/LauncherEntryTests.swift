import DBus
import Foundation
import LauncherEntry
import LiveApp
import Rendering
import TestSupport
import Testing

/// `moments`' dock entry on a private `dbus-daemon`, read by Debian's `dbus-monitor` as a
/// person reads a bus, and asked by a dock that starts later (`Query`), as Plank does.
@Suite("The dock's launcher entry against dbus-monitor", .blocking, .timeLimit(.minutes(2)))
struct LauncherEntryTests {
    @Test("Update signals carry the progress, the urgency and their clearing, for moments.desktop; Query answers what is shown")
    func signals() async throws {
        let bus = try await DesktopSession.start(notificationServer: false)
        defer { bus.stop() }
        let monitor = try await bus.monitor(["type='signal',interface='com.canonical.Unity.LauncherEntry'"])
        defer { monitor.stop() }
        let entry = UnityLauncherEntry(connection: try await DBusConnection.session(environment: bus.environment))
        defer { entry.disconnect() }

        await entry.show(DockEntryContent(progress: 0.25, urgent: false))
        try await eventually { monitor.text.components(separatedBy: "member=Update").count == 2 }
        let first = try #require(monitor.text.components(separatedBy: "member=Update").last)
        #expect(first.contains(#"string "application://moments.desktop""#))
        #expect(monitor.text.contains("path=/com/canonical/unity/launcherentry/moments; interface=com.canonical.Unity.LauncherEntry; member=Update"))
        #expect(first.contains(#"string "progress"\#n         variant             double 0.25"#), "\(first)")
        #expect(first.contains(#"string "progress-visible"\#n         variant             boolean true"#), "\(first)")
        #expect(first.contains(#"string "urgent"\#n         variant             boolean false"#), "\(first)")

        await entry.show(DockEntryContent(progress: 0.5, urgent: true))
        try await eventually { monitor.text.components(separatedBy: "member=Update").count == 3 }
        let bell = try #require(monitor.text.components(separatedBy: "member=Update").last)
        #expect(bell.contains(#"string "urgent"\#n         variant             boolean true"#), "\(bell)")

        // A dock started now asks what the entry shows.
        let dock = try await DBusConnection.session(environment: bus.environment)
        defer { dock.close() }
        let answer = try await dock.call(
            .methodCall(
                destination: entry.connection.uniqueName, path: UnityLauncherEntry.path, interface: UnityLauncherEntry.interface,
                member: "Query"))
        #expect(answer.body == [
            .string("application://moments.desktop"),
            .dictionary([("progress", .double(0.5)), ("progress-visible", .boolean(true)), ("urgent", .boolean(true))]),
        ])

        await entry.show(.cleared)
        try await eventually { monitor.text.components(separatedBy: "member=Update").count == 4 }
        let cleared = try #require(monitor.text.components(separatedBy: "member=Update").last)
        #expect(cleared.contains(#"string "progress-visible"\#n         variant             boolean false"#), "\(cleared)")
        #expect(cleared.contains(#"string "urgent"\#n         variant             boolean false"#), "\(cleared)")
    }
}
