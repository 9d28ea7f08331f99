import Fixtures
import Foundation
@testable import SyncAuthority
@testable import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// The answers an activity remembers for retries, against the rule written out plainly: keep
/// every answer once, forget a client's oldest past 16 and the activity's oldest past 256.
/// Long random runs of several clients, some sending far more than others, so both limits
/// and the forgetting from the middle (a client's oldest behind another's) are reached.
@Suite("Sync: the answers an activity remembers")
struct RememberedAnswersTests {
    /// The rule, as plainly as it can be written: a list, searched and cut.
    struct Reference {
        var answers: [StoredAnswer] = []

        mutating func remember(_ answer: StoredAnswer) {
            guard !answers.contains(where: { $0.key == answer.key }) else { return }
            answers.append(answer)
            let mine = answers.filter { $0.key.clientID == answer.key.clientID }
            if mine.count > StoredActivity.answersPerClient,
                let oldest = answers.firstIndex(where: { $0.key.clientID == answer.key.clientID })
            {
                answers.remove(at: oldest)
            }
            if answers.count > StoredActivity.rememberedAnswers {
                answers.removeFirst(answers.count - StoredActivity.rememberedAnswers)
            }
        }
    }

    /// SplitMix64: the same run for the same seed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("remembered as the plain rule remembers, and each found by its intent", arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func sameAsTheRule(seed: UInt64) {
        var random = Seeded(state: seed)
        // A few clients, the first far busier, as one person's terminals beside a bar. Ids
        // past 15 bytes (odd seeds) are strings of their own on the heap, not held inline:
        // a client's answers come to share one (``RememberedAnswers``), and each intent's
        // id is a copy of its own, as one decoded from a request is.
        let long = !seed.isMultiple(of: 2)
        let clients = (0..<Int.random(in: 1...40, using: &random)).map {
            long ? "client-\($0)-of-a-terminal-far-away" : "client-\($0)"
        }
        sendAndCompare(clients: clients, random: &random)
    }

    /// The second of the two beside the first, past the clients noted, or the last one noted.
    @Test(
        "two clients whose signatures share a hash are told apart",
        arguments: [0, RememberedClients.capacity - 1, RememberedClients.capacity])
    func clientsOfOneHash(before: Int) {
        let (first, second) = Self.twoClientsOfOneHash
        var clients = RememberedClients()
        let hash = UInt32(truncatingIfNeeded: first.hashValue)
        #expect(clients.note(first, hash: hash) == first)
        #expect(clients.note(second, hash: hash) == nil)
        #expect(clients.sharesAHash)
        // `before` other clients come first, so the two are noted, or the second is past
        // the clients noted, or neither is.
        let others = (0..<before).map { "other-\($0)" }
        let opening = before == RememberedClients.capacity - 1 ? [first] + others + [second] : others + [first, second]
        var random = Seeded(state: UInt64(before) + 100)
        sendAndCompare(clients: [first, second] + others.prefix(3), opening: opening, random: &random)
    }

    /// Two client ids whose hashes (this process's) agree in the 32 bits a signature
    /// keeps: found by trying ids in turn, about 77,000 of them for an even chance.
    static let twoClientsOfOneHash: (String, String) = {
        var seen: [UInt32: String] = [:]
        var index = 0
        while true {
            let id = "client-\(index)"
            let hash = UInt32(truncatingIfNeeded: id.hashValue)
            if let other = seen[hash] { return (other, id) }
            seen[hash] = id
            index += 1
        }
    }()

    /// Sends one intent from each of `opening`, in order, then 2,000 from `clients`, the
    /// first far busier, now and then retrying one sent before (remembered or forgotten),
    /// each intent's client id a string of its own; and checks that the activity remembers
    /// what the rule remembers, and finds each answer by its intent.
    func sendAndCompare(clients: [String], opening: [String] = [], random: inout Seeded) {
        let outcome = IntentOutcome.applied(ActivitySnapshotMother.makeSnapshot())
        var activity = StoredActivityMother.makeStoredActivity()
        var reference = Reference()
        var sent: [IntentKey] = []
        for index in 0..<(opening.count + 2_000) {
            let busy = Int.random(in: 0..<4, using: &random) == 0
            let client = index < opening.count ? opening[index] : busy ? clients[0] : clients.randomElement(using: &random)!
            let key =
                index >= opening.count && !sent.isEmpty && Int.random(in: 0..<10, using: &random) == 0
                ? sent.randomElement(using: &random)!
                : IntentKey(clientID: String(decoding: Array(client.utf8), as: UTF8.self), intentID: "\(sent.count)")
            sent.append(key)
            let answer = StoredAnswer(key: key, outcome: outcome)
            activity.remember(answer)
            reference.remember(answer)
        }
        // Keys, so a failure prints what differs and not 256 snapshots.
        #expect(activity.answers.map(\.key) == reference.answers.map(\.key))
        let sameAnswers = activity.answers == reference.answers
        #expect(sameAnswers)
        let misread = Set(sent).filter { key in activity.answer(for: key) != reference.answers.first { $0.key == key } }
        #expect(misread.isEmpty, "answers found otherwise than the rule keeps them: \(misread.prefix(5))")
    }

    @Test("a copy shares its answers until it remembers one, and then leaves the original as it was")
    func copiesAreValues() {
        let outcome = IntentOutcome.applied(ActivitySnapshotMother.makeSnapshot())
        var original = StoredActivityMother.makeStoredActivity()
        // Twenty clients, each past its own limit and together past the activity's: the
        // oldest chunk partly forgotten, and answers cut from the middle.
        for index in 0..<400 {
            let client = "client-\(index % 20)"
            original.remember(StoredAnswer(key: IntentKey(clientID: client, intentID: "\(index)"), outcome: outcome))
        }
        let before = original.answers
        var copy = original
        for index in 400..<440 {
            copy.remember(StoredAnswer(key: IntentKey(clientID: "watch", intentID: "\(index)"), outcome: outcome))
        }
        #expect(original.answers == before)
        #expect(before.count == StoredActivity.rememberedAnswers)
        #expect(original.answer(for: IntentKey(clientID: "watch", intentID: "439")) == nil)
        #expect(copy.answer(for: IntentKey(clientID: "watch", intentID: "439")) != nil)
        #expect(copy.answers.filter { $0.key.clientID == "watch" }.count == StoredActivity.answersPerClient)
        #expect(copy.answers.count == StoredActivity.rememberedAnswers)
        #expect(Array(copy.answers.suffix(StoredActivity.answersPerClient)).map(\.key.intentID) == (424..<440).map { "\($0)" })
    }

    @Test("copies that share a chunk with room left each add their own answer, and neither sees the other's")
    func divergingCopies() {
        let outcome = IntentOutcome.applied(ActivitySnapshotMother.makeSnapshot())
        var original = StoredActivityMother.makeStoredActivity()
        // Twenty answers: one full chunk and four of the next, so the newest has room.
        for index in 0..<20 {
            original.remember(StoredAnswer(key: IntentKey(clientID: "c\(index % 3)", intentID: "\(index)"), outcome: outcome))
        }
        let before = original.answers
        var first = original
        var second = original
        first.remember(StoredAnswer(key: IntentKey(clientID: "first", intentID: "a"), outcome: outcome))
        // The slot `first` took is not `second`'s: it goes its own way.
        second.remember(StoredAnswer(key: IntentKey(clientID: "second", intentID: "b"), outcome: outcome))
        second.remember(StoredAnswer(key: IntentKey(clientID: "second", intentID: "c"), outcome: outcome))
        first.remember(StoredAnswer(key: IntentKey(clientID: "first", intentID: "d"), outcome: outcome))
        // The original, which counts neither, adds one of its own as well.
        original.remember(StoredAnswer(key: IntentKey(clientID: "original", intentID: "e"), outcome: outcome))
        #expect(first.answers.map(\.key.intentID) == before.map(\.key.intentID) + ["a", "d"])
        #expect(second.answers.map(\.key.intentID) == before.map(\.key.intentID) + ["b", "c"])
        #expect(original.answers.map(\.key.intentID) == before.map(\.key.intentID) + ["e"])
        #expect(first.answer(for: IntentKey(clientID: "second", intentID: "b")) == nil)
        #expect(second.answer(for: IntentKey(clientID: "first", intentID: "a")) == nil)
        #expect(original.answer(for: IntentKey(clientID: "first", intentID: "d")) == nil)
    }

    /// On threads of its own (`.ownThreads`): it waits for its two threads, which spin.
    @Test("copies on two threads adding to the chunk they share at the same instant each keep exactly their own", .ownThreads)
    func copiesOnTwoThreads() {
        let outcome = IntentOutcome.applied(ActivitySnapshotMother.makeSnapshot())
        var base = StoredActivityMother.makeStoredActivity()
        for index in 0..<17 {
            base.remember(StoredAnswer(key: IntentKey(clientID: "c", intentID: "\(index)"), outcome: outcome))
        }
        let expected = base.answers.map(\.key.intentID)
        let rounds = 3_000
        // Each round, both threads take a copy of a base whose newest chunk has room, meet,
        // and add their answers at once: both want the same free slot.
        let arrived = Atomic<Int>(0)
        let wrong = Atomic<Int>(0)
        let finished = DispatchGroup()
        let bases = (0..<rounds).map { round -> StoredActivity in
            var copy = base
            // A fresh chunk each round, shared only by the two copies below.
            copy.remember(StoredAnswer(key: IntentKey(clientID: "round", intentID: "\(round)"), outcome: outcome))
            return copy
        }
        for thread in 0..<2 {
            finished.enter()
            Thread.detachNewThread {
                for round in 0..<rounds {
                    var copy = bases[round]
                    arrived.add(1, ordering: .acquiringAndReleasing)
                    while arrived.load(ordering: .acquiring) < 2 * (round + 1) {}
                    for step in 0..<3 {
                        copy.remember(StoredAnswer(key: IntentKey(clientID: "t\(thread)", intentID: "\(step)"), outcome: outcome))
                    }
                    let keys = copy.answers.map(\.key.intentID)
                    if keys != expected + ["\(round)", "0", "1", "2"] || copy.answers.suffix(3).contains(where: { $0.key.clientID != "t\(thread)" }) {
                        wrong.add(1, ordering: .relaxed)
                    }
                }
                finished.leave()
            }
        }
        finished.wait()
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(base.answers.map(\.key.intentID) == expected)
        #expect(bases.enumerated().allSatisfy { $0.element.answers.map(\.key.intentID) == expected + ["\($0.offset)"] })
    }
}
