import Domain
import Fixtures
import Foundation
import Persistence
import TestSupport
import Testing

/// Where the stores live: XDG folders by default, one folder for `MOMENTS_HOME` or an
/// explicit `--data-dir`, and each store in the folder its kind belongs to; and the cache.
struct StoreLocationsTests {
    @Test func anExplicitFolderHoldsEverythingAndWinsOverTheEnvironment() {
        let locations = StoreLocations.resolve(
            dataDirectory: "/data/moments",
            environment: ["MOMENTS_HOME": "/elsewhere", "XDG_STATE_HOME": "/state", "HOME": "/home/ana"])
        #expect(locations.stateDirectory.path == "/data/moments")
        #expect(locations.configDirectory.path == "/data/moments")
    }

    @Test func momentsHomeHoldsEverythingAndWinsOverXDG() {
        let locations = StoreLocations.resolve(
            environment: ["MOMENTS_HOME": "/srv/moments", "XDG_STATE_HOME": "/state", "XDG_CONFIG_HOME": "/config"])
        #expect(locations.stateDirectory.path == "/srv/moments")
        #expect(locations.configDirectory.path == "/srv/moments")
    }

    @Test func xdgVariablesPlaceStateAndSettingsApart() {
        let locations = StoreLocations.resolve(
            environment: ["XDG_STATE_HOME": "/var/state", "XDG_CONFIG_HOME": "/etc/config", "HOME": "/home/ana"])
        #expect(locations.stateDirectory.path == "/var/state/little-moments")
        #expect(locations.configDirectory.path == "/etc/config/little-moments")
    }

    @Test func withoutXDGTheDefaultsAreUnderHome() {
        let locations = StoreLocations.resolve(environment: ["HOME": "/home/ana"])
        #expect(locations.stateDirectory.path == "/home/ana/.local/state/little-moments")
        #expect(locations.configDirectory.path == "/home/ana/.config/little-moments")
    }

    @Test func relativeAndEmptyValuesAreIgnoredAsTheXDGSpecificationRequires() {
        let locations = StoreLocations.resolve(
            dataDirectory: "",
            environment: ["MOMENTS_HOME": "", "XDG_STATE_HOME": "relative/state", "XDG_CONFIG_HOME": "", "HOME": "/home/ana"])
        #expect(locations.stateDirectory.path == "/home/ana/.local/state/little-moments")
        #expect(locations.configDirectory.path == "/home/ana/.config/little-moments")
    }

    @Test func theCacheIsUnderXDGCacheHomeThenHomeAndInMomentsHomeWhenSet() {
        #expect(
            StoreLocations.cacheDirectory(environment: ["XDG_CACHE_HOME": "/var/cache", "HOME": "/home/ana"]).path
                == "/var/cache/little-moments")
        #expect(StoreLocations.cacheDirectory(environment: ["HOME": "/home/ana"]).path == "/home/ana/.cache/little-moments")
        #expect(
            StoreLocations.cacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ana"]).path
                == "/home/ana/.cache/little-moments")
        #expect(
            StoreLocations.cacheDirectory(environment: ["MOMENTS_HOME": "/srv/moments", "XDG_CACHE_HOME": "/var/cache"]).path
                == "/srv/moments")
    }

    @Test func eachStoreOpensInTheFolderItsKindBelongsTo() throws {
        try TemporaryFolder.with { folder in
            let locations = StoreLocations.resolve(
                environment: ["XDG_STATE_HOME": folder.path("state").path, "XDG_CONFIG_HOME": folder.path("config").path])
            let history = try HistoryStore.open(locations: locations)
            try history.append(SessionRecordMother.makeRecord())
            let settings = try SettingsStore.open(locations: locations)
            try settings.save(SettingsMother.makeMinimalist())
            let server = try ServerStateStore.open(locations: locations, schema: ServerRecordDouble.schema)
            try server.put(ServerRecordDouble.make(), for: "activity-1")

            let state = try FileManager.default.contentsOfDirectory(atPath: locations.stateDirectory.path)
            let config = try FileManager.default.contentsOfDirectory(atPath: locations.configDirectory.path)
            #expect(state.contains(HistoryStore.fileName))
            #expect(state.contains("server-state.journal.jsonl"))
            #expect(!state.contains(SettingsStore.fileName))
            #expect(config.contains(SettingsStore.fileName))
            #expect(!config.contains(HistoryStore.fileName))
        }
    }

    @Test func missingFoldersAreCreatedPrivate() throws {
        try TemporaryFolder.with { folder in
            let nested = folder.path("a/b/c")
            _ = try HistoryStore.open(directory: nested)
            let mode = try FileManager.default.attributesOfItem(atPath: nested.path)[.posixPermissions] as? Int
            #expect(mode == 0o700)
        }
    }
}
