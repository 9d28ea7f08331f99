import AccessKeys
import Fixtures
import Foundation
import SyncPostgres
import TestSupport
import Testing

/// People's access keys in the shared database: added once per name, listed in order, and a
/// revocation through one server holds on the others at once.
@Suite(.takingTurns, .postgres, .enabled(if: postgresAvailable))
struct PostgresKeyStoreTests {
    @Test func addedKeysAreListedOldestFirstAndANameIsTakenOnce() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let keys = PostgresKeyStore(storage: storage)
            let anna = try AccessKeyRecord.make(named: "anna", at: InstantMother.morning).record
            let bo = try AccessKeyRecord.make(named: "bo", at: InstantMother.makeInstant(secondsAfterMorning: 60)).record
            try await keys.add(bo)
            try await keys.add(anna)
            #expect(try await keys.keys() == [anna, bo])
            let again = try AccessKeyRecord.make(named: "anna", at: InstantMother.morning).record
            await #expect(throws: KeyStoreError.self) { try await keys.add(again) }
            #expect(try await keys.keys() == [anna, bo])
        }
    }

    @Test func aRevocationThroughOneServerHoldsOnAnotherAtOnce() async throws {
        let url = try PostgresScope.freshDatabase()
        try await withStorage(url) { first async throws in
            try await withStorage(url) { second async throws in
                let anna = try AccessKeyRecord.make(named: "anna", at: InstantMother.morning).record
                try await PostgresKeyStore(storage: first).add(anna)
                #expect(try await PostgresKeyStore(storage: second).keys() == [anna])
                #expect(try await PostgresKeyStore(storage: first).revoke(named: "anna"))
                #expect(try await PostgresKeyStore(storage: second).keys() == [])
                #expect(try await !PostgresKeyStore(storage: second).revoke(named: "anna"))
            }
        }
    }

    @Test func aUseIsNoted() async throws {
        try await withStorage(try PostgresScope.freshDatabase()) { storage async throws in
            let keys = PostgresKeyStore(storage: storage)
            var anna = try AccessKeyRecord.make(named: "anna", at: InstantMother.morning).record
            try await keys.add(anna)
            let used = InstantMother.makeInstant(secondsAfterMorning: 3600)
            try await keys.noteUse(ofKey: anna.id, at: used)
            anna.lastUsedAt = used
            #expect(try await keys.keys() == [anna])
        }
    }
}
