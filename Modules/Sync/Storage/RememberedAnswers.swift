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
/// of the chunks' key hashes, at most 256 integers, instead of a dictionary each copy would
/// have to copy.
struct RememberedAnswers: Sendable {
    /// The most answers in one chunk (at most the bits of a ``Mask``).
    static let chunkSize = 16

    /// Which answers of a chunk are forgotten, a bit each, by position.
    private typealias Mask = UInt32

    /// Room for ``chunkSize`` answers with the hashes of their keys and clients, filled from
    /// the front and never changed below what is filled: a slot is written once, by the copy
    /// that claimed it, before that copy counts it. So copies on other threads read the
    /// slots they count while one of them fills the next, and the chunk is safe to share.
    private final class Chunk: @unchecked Sendable {
        private let answers: UnsafeMutablePointer<StoredAnswer>
        private let keyHashes: UnsafeMutablePointer<Int>
        private let clientHashes: UnsafeMutablePointer<Int>
        /// How many slots are claimed; each claimed slot is written by its claimer before
        /// any copy counts it.
        private let claimed = Atomic<Int>(0)

        init() {
            answers = .allocate(capacity: RememberedAnswers.chunkSize)
            keyHashes = .allocate(capacity: RememberedAnswers.chunkSize)
            clientHashes = .allocate(capacity: RememberedAnswers.chunkSize)
        }

        /// A chunk holding the first `count` answers of `other`, for a copy to add to.
        convenience init(copying other: Chunk, count: Int) {
            self.init()
            answers.initialize(from: other.answers, count: count)
            keyHashes.initialize(from: other.keyHashes, count: count)
            clientHashes.initialize(from: other.clientHashes, count: count)
            claimed.store(count, ordering: .relaxed)
        }

        deinit {
            // The last reference is going: every claim was written by its claimer, who held one.
            answers.deinitialize(count: claimed.load(ordering: .acquiring))
            answers.deallocate()
            keyHashes.deallocate()
            clientHashes.deallocate()
        }

        /// Writes `answer` into slot `slot`, the first a copy that counts `slot` answers has
        /// not, unless another copy claimed it first; `false` then, and nothing written.
        func add(_ answer: StoredAnswer, keyHash: Int, clientHash: Int, at slot: Int) -> Bool {
            guard slot < RememberedAnswers.chunkSize,
                claimed.compareExchange(expected: slot, desired: slot + 1, ordering: .acquiringAndReleasing).exchanged
            else { return false }
            (answers + slot).initialize(to: answer)
            keyHashes[slot] = keyHash
            clientHashes[slot] = clientHash
            return true
        }

        /// The answer in a slot its reader counts.
        func answer(at slot: Int) -> StoredAnswer { answers[slot] }

        /// The key hashes of the first `count` slots.
        func keyHashes(_ count: Int) -> UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: keyHashes, count: count) }

        /// The client hashes of the first `count` slots.
        func clientHashes(_ count: Int) -> UnsafeBufferPointer<Int> { UnsafeBufferPointer(start: clientHashes, count: count) }
    }

    private var chunks: [Chunk] = []
    /// The forgotten answers of each chunk; no chunk has all of its answers forgotten.
    private var forgotten: [Mask] = []
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

    /// The answer remembered for `key`, if any.
    func answer(for key: IntentKey) -> StoredAnswer? {
        let hash = key.hashValue
        for (index, chunk) in chunks.enumerated() {
            let (hashes, mask) = (chunk.keyHashes(counted(index)), forgotten[index])
            for position in hashes.indices where hashes[position] == hash && mask & (1 << Mask(position)) == 0 {
                let answer = chunk.answer(at: position)
                if answer.key == key { return answer }
            }
        }
        return nil
    }

    /// Adds `answer` as the newest unless an answer to its intent is remembered already;
    /// then forgets its client's oldest past `perClient` and the oldest of all past
    /// `inAll`. One scan of the hashes finds both the intent and the client's answers.
    mutating func remember(_ answer: StoredAnswer, perClient: Int, inAll: Int) {
        let (key, clientID) = (answer.key, answer.key.clientID)
        let (keyHash, clientHash) = (key.hashValue, clientID.hashValue)
        var clientsOldest: (chunk: Int, position: Int)?
        var clientsCount = 0
        for (index, chunk) in chunks.enumerated() {
            let size = counted(index)
            let (keys, clients, mask) = (chunk.keyHashes(size), chunk.clientHashes(size), forgotten[index])
            for position in 0..<size where mask & (1 << Mask(position)) == 0 {
                if keys[position] == keyHash, chunk.answer(at: position).key == key { return }
                if clients[position] == clientHash, chunk.answer(at: position).key.clientID == clientID {
                    if clientsOldest == nil { clientsOldest = (index, position) }
                    clientsCount += 1
                }
            }
        }
        append(answer, keyHash: keyHash, clientHash: clientHash)
        // Appending changed no place before the newest answer's.
        if clientsCount + 1 > perClient, let (chunk, position) = clientsOldest { forget(chunk: chunk, position: position) }
        while count > inAll { removeOldest() }
    }

    /// Adds `answer` as the newest: in the newest chunk's next slot when no other copy took
    /// it, else in a copy of the answers this one counts there, or in a new chunk.
    private mutating func append(_ answer: StoredAnswer, keyHash: Int, clientHash: Int) {
        if let last = chunks.indices.last, newestCount < Self.chunkSize {
            if !chunks[last].add(answer, keyHash: keyHash, clientHash: clientHash, at: newestCount) {
                // Another copy added an answer of its own there: this one goes its own way.
                let copy = Chunk(copying: chunks[last], count: newestCount)
                _ = copy.add(answer, keyHash: keyHash, clientHash: clientHash, at: newestCount)
                chunks[last] = copy
            }
            newestCount += 1
        } else {
            let chunk = Chunk()
            _ = chunk.add(answer, keyHash: keyHash, clientHash: clientHash, at: 0)
            chunks.append(chunk)
            forgotten.append(0)
            newestCount = 1
        }
        count += 1
    }

    /// Forgets the oldest answer.
    private mutating func removeOldest() {
        guard !chunks.isEmpty else { return }
        forget(chunk: 0, position: (~forgotten[0]).trailingZeroBitCount)
    }

    /// Marks one answer forgotten; a chunk with none left goes.
    private mutating func forget(chunk: Int, position: Int) {
        forgotten[chunk] |= 1 << Mask(position)
        if forgotten[chunk].nonzeroBitCount == counted(chunk) {
            chunks.remove(at: chunk)
            forgotten.remove(at: chunk)
            // The newest chunk went with its last answer: the one before it, if any, is full.
            if chunk == chunks.count { newestCount = chunks.isEmpty ? 0 : Self.chunkSize }
        }
        count -= 1
    }
}
