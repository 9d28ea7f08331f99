import Domain
import Fixtures
import Foundation
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one store operation, optionally as the unprivileged user `nobody` (a root process
/// bypasses file permissions, so permission tests need a process that does not), and says
/// `ok …` or `error<TAB>kind<TAB>path<TAB>message`.
///
/// Operations: `open-settings`, `save-settings`, `open-history`, `append-history`.
enum Attempt {
    static func run(operation: String, folder: URL, asNobody: Bool) -> Never {
        if asNobody, getuid() == 0 {
            guard setgroups(0, nil) == 0, setgid(65_534) == 0, setuid(65_534) == 0 else {
                WorkerOutput.fail("could not become nobody: errno \(errno)")
            }
        }
        do throws(PersistenceError) {
            switch operation {
            case "open-settings":
                let store = try SettingsStore.open(directory: folder)
                WorkerOutput.line("ok \(store.settings.defaultDurationSeconds)")
            case "save-settings":
                let store = try SettingsStore.open(directory: folder)
                try store.save(SettingsMother.makeMinimalist())
                WorkerOutput.line("ok saved")
            case "open-history":
                let store = try HistoryStore.open(directory: folder)
                WorkerOutput.line("ok \(store.count)")
            case "append-history":
                let store = try HistoryStore.open(directory: folder)
                try store.append(SessionRecordMother.makeRecord())
                WorkerOutput.line("ok appended")
            default:
                WorkerOutput.fail("unknown operation '\(operation)'")
            }
            exit(0)
        } catch {
            WorkerOutput.line(["error", kind(of: error), error.path, error.description].joined(separator: "\t"))
            exit(1)
        }
    }

    /// The case's name, which the parent checks beside the message.
    private static func kind(of error: PersistenceError) -> String {
        switch error {
        case .newerVersion: return "newerVersion"
        case .noMigration: return "noMigration"
        case .inUse: return "inUse"
        case .diskFull: return "diskFull"
        case .permissionDenied: return "permissionDenied"
        case .readOnlyFileSystem: return "readOnlyFileSystem"
        case .notADirectory: return "notADirectory"
        case .notAFile: return "notAFile"
        case .fileSystem: return "fileSystem"
        case .unencodable: return "unencodable"
        case .closed: return "closed"
        case .readableByOthers: return "readableByOthers"
        }
    }
}
