import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// The settings: standard until saved, then exactly what was saved, in a file a person
/// can read.
struct SettingsStoreTests {
    @Test func aNewInstallationHasTheStandardSettingsAndWritesNothing() throws {
        try TemporaryFolder.with { folder in
            let store = try SettingsStore.open(directory: folder.url)
            #expect(store.settings == .standard)
            #expect(store.issues.isEmpty)
            #expect(try !folder.names().contains(SettingsStore.fileName))
        }
    }

    @Test func savedSettingsAreThereAfterReopening() throws {
        try TemporaryFolder.with { folder in
            let chosen = SettingsMother.makeMinimalist()
            let store = try SettingsStore.open(directory: folder.url)
            try store.save(chosen)
            #expect(store.settings == chosen)
            store.close()
            #expect(try SettingsStore.open(directory: folder.url).settings == chosen)
        }
    }

    @Test func theFileIsAPrettyEnvelopeAroundTheSettings() throws {
        try TemporaryFolder.with { folder in
            let store = try SettingsStore.open(directory: folder.url)
            try store.save(SettingsMother.makeMinimalist())
            let text = String(decoding: try folder.bytes(SettingsStore.fileName), as: UTF8.self)
            #expect(
                text == """
                    {
                      "content" : {
                        "bell_volume" : 80,
                        "default_duration_seconds" : 1200,
                        "desktop_notification" : false,
                        "end_bell" : true,
                        "interval_bell_minutes" : 5,
                        "show_seconds" : false,
                        "time_display" : "remaining"
                      },
                      "format" : "little-moments/settings",
                      "version" : 1
                    }

                    """)
        }
    }

    @Test func aFileEditedByHandWithMissingFieldsTakesTheStandardValues() throws {
        try TemporaryFolder.with { folder in
            try folder.write(
                #"{"format":"little-moments/settings","version":1,"content":{"show_seconds":false}}"#,
                to: SettingsStore.fileName)
            let store = try SettingsStore.open(directory: folder.url)
            #expect(store.issues.isEmpty)
            #expect(store.settings == SettingsMother.makeSettings(showSeconds: false))
        }
    }

    @Test func aClosedStoreRefusesToSave() throws {
        try TemporaryFolder.with { folder in
            let store = try SettingsStore.open(directory: folder.url)
            store.close()
            #expect(throws: PersistenceError.closed(path: folder.path(SettingsStore.fileName).path)) {
                try store.save(SettingsMother.makeMinimalist())
            }
        }
    }
}
