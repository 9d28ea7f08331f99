import Dispatch
import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Persistence
import SyncAuthority
import SyncProtocol

/// The host's one duty beside the server: every session the server ends goes into the
/// person's history, once, by whoever hosts the server (the embedded default of
/// `moments start` and `moments watch`, or `moments serve`), never by a client.
///
/// The server tells it of every change the moment it is durable (a
/// `DurableChangeObserver`), whether an intent caused it (finish, cancel) or the
/// server's clock did (completion at the target, the 8-hour end, also when caught up after
/// a restart). The history is appended before the change is answered and pushed, so a
/// client that shows a summary when the end arrives finds the session already counted.
/// It does not stand between the server and its storage: reads go straight there.
///
/// "Once" rests on the record's id: it is the activity's id, so appending it again (two
/// ends seen, a restart after a crash between the commit and the append) changes
/// nothing. At start-up (``catchUp(from:)``) every ended activity is offered again, which
/// repairs such a crash. The history file is opened for each append and closed at once,
/// so `moments history` and other commands can read it while a server runs. See ADR 0013.
public final class HistoryRecorder: DurableChangeObserver {
    private let locations: StoreLocations
    private let onProblem: @Sendable (String) -> Void
    /// The thread the history is appended on.
    private let writer = DispatchQueue(label: "little-moments.sync.history")

    /// A recorder appending ended sessions to the history in `locations`; a history that
    /// cannot be written is reported to `onProblem` (the server's change stands).
    public init(locations: StoreLocations, onProblem: @escaping @Sendable (String) -> Void) {
        self.locations = locations
        self.onProblem = onProblem
    }

    /// Offers every ended activity of `storage` to the history again: what a crash
    /// between a commit and its append left out goes in now.
    public func catchUp(from storage: any SyncStorage) async throws {
        record(try await storage.activities(ownedBy: nil).map(\.snapshot).filter(\.activity.content.isEnded))
    }

    /// Appends the sessions among `changes` that ended.
    public func durable(_ changes: [ActivitySnapshot]) async {
        let ended = changes.filter { $0.event == .end }
        guard !ended.isEmpty else { return }
        // The history file is written on a thread of its own, as the state's files are,
        // never on the cooperative pool; the answers wait for it (ADR 0013).
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            writer.async {
                self.record(ended)
                continuation.resume()
            }
        }
    }

    /// The history record of an ended activity: its id is the activity's, so the same
    /// session is never recorded twice.
    public static func historyRecord(of snapshot: ActivitySnapshot) -> SessionRecord? {
        SessionRecord(ended: snapshot.activity, id: recordID(forActivity: snapshot.id))
    }

    /// The activity's id as a UUID: itself when it is one (the server's ids are), else a
    /// stable UUID made from its text.
    public static func recordID(forActivity id: String) -> UUID {
        if let uuid = UUID(uuidString: id) { return uuid }
        func fnv(_ seed: UInt64) -> UInt64 {
            id.utf8.reduce(seed) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }
        let high = fnv(0xcbf2_9ce4_8422_2325)
        let low = fnv(0x8422_2325_cbf2_9ce4)
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> ($0 * 8)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> ($0 * 8)) }
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    private func record(_ snapshots: [ActivitySnapshot]) {
        let records = snapshots.compactMap(Self.historyRecord(of:))
        guard !records.isEmpty else { return }
        do {
            let history = try HistoryStore.open(locations: locations)
            defer { history.close() }
            try history.append(contentsOf: records)
        } catch {
            onProblem("the session could not be added to the history: \(error.description)")
        }
    }
}
