import SyncProtocol
import Synchronization

/// The answers an activity remembers, oldest first, kept in small chunks that copies of the
/// activity share.
///
/// Every intent remembers its answer on a copy of the stored activity: the storage keeps
/// the activity as it was until the write commits. With the answers in one array, that copy
/// copied all 256 of them (each with its outcome's snapshot) and its index on every
/// intent, and forgetting the oldest moved the rest down: most of an intent's CPU time once
/// the journal's JSON was written by hand (issue 25). Here a copy shares every chunk, the
/// newest too: a chunk has room for ``chunkSize`` answers from the start, each copy sees
/// the ones it counts, and a copy adds its answer in the chunk's next free slot when no
/// other copy has taken that slot first, else to a new chunk with its own answers copied
/// (at most ``chunkSize``). Over many activities each decision added its answer to a newest
/// chunk the storage's copy shared, and copied it, every time (ADR 0044). A forgotten
/// answer is a bit in its chunk's mask, kept beside the chunks, so forgetting copies no
/// answer; a chunk goes when all of its answers are forgotten. Answers are found by a scan
/// of their signatures (hashes of key and client), kept in one array beside the chunks: at
/// most 256 integers in a row, which a copy copies whole when it adds one (2 KB, no
/// reference among them), instead of a dictionary, whose copy would retain every key. A
/// client's answers are counted by those signatures alone while ``RememberedClients``
/// knows its hash to be its own.
struct RememberedAnswers: Sendable {
    /// The most answers in one chunk (at most the bits of a ``Mask``).
    static let chunkSize = 16

    /// Which answers of a chunk are forgotten, a bit each, by position.
    private typealias Mask = UInt32

    /// Room for ``chunkSize`` answers, filled from the front and never changed below what is
    /// filled: a slot is written once, by the copy that claimed it, before that copy counts
    /// it. So copies on other threads read the slots they count while one of them fills the
    /// next, and the chunk is safe to share.
    private final class Chunk: @unchecked Sendable {
        private let answers: UnsafeMutablePointer<StoredAnswer>
        /// How many slots are claimed; each claimed slot is written by its claimer before
        /// any copy counts it.
        private let claimed = Atomic<Int>(0)

        init() {
            answers = .allocate(capacity: RememberedAnswers.chunkSize)
        }

        /// A chunk holding the first `count` answers of `other`, for a copy to add to.
        convenience init(copying other: Chunk, count: Int) {
            self.init()
            answers.initialize(from: other.answers, count: count)
            claimed.store(count, ordering: .relaxed)
        }

        deinit {
            // The last reference is going: every claim was written by its claimer, who held one.
            answers.deinitialize(count: claimed.load(ordering: .acquiring))
            answers.deallocate()
        }

        /// Writes `answer` into slot `slot`, the first a copy that counts `slot` answers has
        /// not, unless another copy claimed it first; `false` then, and nothing written.
        func add(_ answer: StoredAnswer, at slot: Int) -> Bool {
            guard slot < RememberedAnswers.chunkSize,
                claimed.compareExchange(expected: slot, desired: slot + 1, ordering: .acquiringAndReleasing).exchanged
            else { return false }
            (answers + slot).initialize(to: answer)
            return true
        }

        /// The answer in a slot its reader counts.
        func answer(at slot: Int) -> StoredAnswer { answers[slot] }

        /// The intent of the answer in a slot its reader counts.
        func key(at slot: Int) -> IntentKey { answers[slot].key }

        /// The client of the answer in a slot its reader counts.
        func clientID(at slot: Int) -> String { answers[slot].key.clientID }
    }

    private var chunks: [Chunk] = []
    /// Each counted slot's ``Signature``, in the chunks' order: slot `s` of chunk `c` at
    /// `c * chunkSize + s`. A scan reads these in one run of memory; following each chunk's
    /// reference to hashes kept in it missed the cache twice a chunk over many activities.
    private var signatures: [Signature] = []
    /// The forgotten answers of each chunk; no chunk has all of its answers forgotten.
    private var forgotten: [Mask] = []
    /// The clients this copy has remembered answers of, with their signatures' hashes.
    private var clients = RememberedClients()
    /// How many answers of the newest chunk this copy counts; every older chunk is full.
    private var newestCount = 0
    /// How many answers are remembered.
    private(set) var count = 0

    /// How many answers of chunk `index` this copy counts.
    private func counted(_ index: Int) -> Int {
        index == chunks.count - 1 ? newestCount : Self.chunkSize
    }

    /// Every answer, oldest first.
    var all: [StoredAnswer] {
        var all: [StoredAnswer] = []
        all.reserveCapacity(count)
        for (index, chunk) in chunks.enumerated() {
            let mask = forgotten[index]
            for position in 0..<counted(index) where mask & (1 << Mask(position)) == 0 { all.append(chunk.answer(at: position)) }
        }
        return all
    }

    /// The chunk and the position in it of the slot at `index` of ``signatures``.
    private static func place(_ index: Int) -> (chunk: Int, position: Int) {
        let (chunk, position) = index.quotientAndRemainder(dividingBy: chunkSize)
        return (chunk, position)
    }

    /// Whether the slot at `index` of ``signatures`` holds an answer not forgotten.
    private func isRemembered(_ index: Int) -> Bool {
        let (chunk, position) = Self.place(index)
        return forgotten[chunk] & (1 << Mask(position)) == 0
    }

    /// The answer in the slot at `index` of ``signatures``.
    private func answer(at index: Int) -> StoredAnswer {
        let (chunk, position) = Self.place(index)
        return chunks[chunk].answer(at: position)
    }

    /// The intent of the answer in the slot at `index` of ``signatures``.
    private func key(at index: Int) -> IntentKey {
        let (chunk, position) = Self.place(index)
        return chunks[chunk].key(at: position)
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: IntentKey) -> StoredAnswer? {
        let wanted = Signature(key: key)
        return signatures.withUnsafeBufferPointer { signatures in
            for index in signatures.indices where signatures[index].sameKey(as: wanted) && isRemembered(index) {
                if self.key(at: index) == key { return answer(at: index) }
            }
            return nil
        }
    }

    /// Adds `answer` as the newest unless an answer to its intent is remembered already;
    /// then forgets its client's oldest past `perClient` and the oldest of all past
    /// `inAll`. One scan of the signatures finds the intent and counts the answers that may
    /// be its client's; only when they may be too many does a second scan read their keys.
    mutating func remember(_ answer: StoredAnswer, perClient: Int, inAll: Int) {
        let key = answer.key
        let signature = Signature(key: key)
        var mayBeClients = 0
        let known: Bool = signatures.withUnsafeBufferPointer { signatures in
            for index in signatures.indices where signatures[index].sameClient(as: signature) && isRemembered(index) {
                if signatures[index].sameKey(as: signature), self.key(at: index) == key { return true }
                mayBeClients += 1
            }
            return false
        }
        guard !known else { return }
        var clientsOldest: Int?
        var answer = answer
        if let alone = clients.note(key.clientID, hash: signature.clientHash) {
            // Every answer of this signature's client hash is this client's: the scan
            // above counted them exactly, without reading an id out of its chunk.
            if mayBeClients + 1 > perClient {
                clientsOldest = signatures.indices.first { signatures[$0].sameClient(as: signature) && isRemembered($0) }
            }
            answer = StoredAnswer(key: IntentKey(clientID: alone, intentID: key.intentID), outcome: answer.outcome)
        } else if mayBeClients + 1 > perClient {
            let (oldest, held) = oldest(ofClientsBeyond: perClient - 1, of: key.clientID, signature: signature)
            clientsOldest = oldest
            // Kept with the client's id as its other answers hold it: the next scan finds
            // them one and the same string, without reading the characters of each.
            if let held { answer = StoredAnswer(key: IntentKey(clientID: held, intentID: key.intentID), outcome: answer.outcome) }
        }
        append(answer, signature: signature)
        // Appending changed no place before the newest answer's.
        if let oldest = clientsOldest {
            let (chunk, position) = Self.place(oldest)
            forget(chunk: chunk, position: position)
        }
        while count > inAll { removeOldest() }
    }

    /// Where the oldest remembered answer of `clientID` is, when it has more than `limit`,
    /// and the client's id as the newest of them holds it.
    ///
    /// A client's answers come to hold one string for its id: ``remember(_:perClient:inAll:)``
    /// keeps each new answer with the id of the newest found here, so once a client is past
    /// `limit`, every answer it adds holds one and the same string. Two strings that are one
    /// object compare equal without reading their characters: the intent's own id, decoded
    /// from its request, is read and compared once, not with each answer's id out of the
    /// cache. Only for a client ``RememberedClients`` cannot vouch for: past its room, or
    /// of a hash another client has too.
    private func oldest(ofClientsBeyond limit: Int, of clientID: String, signature: Signature) -> (index: Int?, held: String?) {
        var (oldest, found, held): (Int?, Int, String?) = (nil, 0, nil)
        for index in signatures.indices where signatures[index].sameClient(as: signature) && isRemembered(index) {
            let (chunk, position) = Self.place(index)
            let candidate = chunks[chunk].clientID(at: position)
            guard candidate == (held ?? clientID) else { continue }
            if oldest == nil { oldest = index }
            held = candidate
            found += 1
        }
        return (found > limit ? oldest : nil, held)
    }

    /// Adds `answer` as the newest: in the newest chunk's next slot when no other copy took
    /// it, else in a copy of the answers this one counts there, or in a new chunk.
    private mutating func append(_ answer: StoredAnswer, signature: Signature) {
        if let last = chunks.indices.last, newestCount < Self.chunkSize {
            if !chunks[last].add(answer, at: newestCount) {
                // Another copy added an answer of its own there: this one goes its own way.
                let copy = Chunk(copying: chunks[last], count: newestCount)
                _ = copy.add(answer, at: newestCount)
                chunks[last] = copy
            }
            newestCount += 1
        } else {
            let chunk = Chunk()
            _ = chunk.add(answer, at: 0)
            chunks.append(chunk)
            forgotten.append(0)
            newestCount = 1
        }
        signatures.append(signature)
        count += 1
    }

    /// Forgets the oldest answer.
    private mutating func removeOldest() {
        guard !chunks.isEmpty else { return }
        forget(chunk: 0, position: (~forgotten[0]).trailingZeroBitCount)
    }

    /// Marks one answer forgotten; a chunk with none left goes, with its signatures.
    private mutating func forget(chunk: Int, position: Int) {
        forgotten[chunk] |= 1 << Mask(position)
        let size = counted(chunk)
        if forgotten[chunk].nonzeroBitCount == size {
            chunks.remove(at: chunk)
            forgotten.remove(at: chunk)
            signatures.removeSubrange(chunk * Self.chunkSize..<chunk * Self.chunkSize + size)
            // The newest chunk went with its last answer: the one before it, if any, is full.
            if chunk == chunks.count { newestCount = chunks.isEmpty ? 0 : Self.chunkSize }
        }
        count -= 1
    }
}

/// An answer's intent in 64 bits for a scan: the hash of its whole key above, of its client
/// below. Equal halves say only that the keys or clients may be equal; the scan compares
/// the answer's own key then. Hashes are this process's (``Hasher``'s seed): signatures are
/// never written down.
private struct Signature {
    let bits: UInt64

    init(key: IntentKey) {
        let (keyHash, clientHash) = (UInt32(truncatingIfNeeded: key.hashValue), UInt32(truncatingIfNeeded: key.clientID.hashValue))
        bits = UInt64(keyHash) << 32 | UInt64(clientHash)
    }

    /// Whether the two may be answers to one intent (their clients are then the same too).
    func sameKey(as other: Signature) -> Bool { bits == other.bits }

    /// The hash of its client.
    var clientHash: UInt32 { UInt32(truncatingIfNeeded: bits) }

    /// Whether the two may come from one client.
    func sameClient(as other: Signature) -> Bool { clientHash == other.clientHash }
}
