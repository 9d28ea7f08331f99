/// The answers an activity remembers, oldest first, kept in small chunks that copies of the
/// activity share.
///
/// Every intent remembers its answer on a copy of the stored activity: the storage keeps
/// the activity as it was until the write commits. With the answers in one array, that copy
/// copied all 256 of them (each with its outcome's snapshot) and its index on every
/// intent, and forgetting the oldest moved the rest down: most of an intent's CPU time once
/// the journal's JSON was written by hand (issue 25). Here a copy shares every chunk. An
/// answer is added to the newest chunk in place when no copy shares it, else to a new
/// chunk with at most ``chunkSize`` answers copied; a forgotten answer is a bit in its
/// chunk's mask, kept beside the chunks, so forgetting copies no answer; a chunk goes when
/// all of its answers are forgotten. Answers are found by a scan of the chunks' key hashes,
/// at most 256 integers, instead of a dictionary each copy would have to copy.
struct RememberedAnswers: Sendable {
    /// The most answers in one chunk (at most the bits of a ``Mask``).
    static let chunkSize = 16

    /// Which answers of a chunk are forgotten, a bit each, by position.
    private typealias Mask = UInt32

    /// A run of answers with the hashes of their keys and clients. Changed only while no
    /// copy of the answers holds it (`isKnownUniquelyReferenced`), which is what makes it
    /// safe to share between threads.
    private final class Chunk: @unchecked Sendable {
        private(set) var answers: [StoredAnswer]
        private(set) var keyHashes: [Int]
        private(set) var clientHashes: [Int]

        init(_ answers: [StoredAnswer]) {
            self.answers = answers
            keyHashes = answers.map { $0.key.hashValue }
            clientHashes = answers.map { $0.key.clientID.hashValue }
            reserve()
        }

        /// A chunk of the same answers, for a copy to add to.
        init(copying other: Chunk) {
            answers = other.answers
            keyHashes = other.keyHashes
            clientHashes = other.clientHashes
            reserve()
        }

        private func reserve() {
            answers.reserveCapacity(RememberedAnswers.chunkSize)
            keyHashes.reserveCapacity(RememberedAnswers.chunkSize)
            clientHashes.reserveCapacity(RememberedAnswers.chunkSize)
        }

        /// Adds `answer`, whose key and client hash to these, after the others.
        func add(_ answer: StoredAnswer, keyHash: Int, clientHash: Int) {
            answers.append(answer)
            keyHashes.append(keyHash)
            clientHashes.append(clientHash)
        }
    }

    private var chunks: [Chunk] = []
    /// The forgotten answers of each chunk; no chunk has all of its answers forgotten.
    private var forgotten: [Mask] = []
    /// How many answers are remembered.
    private(set) var count = 0

    /// Every answer, oldest first.
    var all: [StoredAnswer] {
        var all: [StoredAnswer] = []
        all.reserveCapacity(count)
        for (index, chunk) in chunks.enumerated() {
            let (answers, mask) = (chunk.answers, forgotten[index])
            for position in answers.indices where mask & (1 << Mask(position)) == 0 { all.append(answers[position]) }
        }
        return all
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: IntentKey) -> StoredAnswer? {
        let hash = key.hashValue
        for (index, chunk) in chunks.enumerated() {
            // Each array read once per chunk: a class's stored property is checked for
            // exclusive access at every read.
            let (hashes, mask) = (chunk.keyHashes, forgotten[index])
            for position in hashes.indices where hashes[position] == hash && mask & (1 << Mask(position)) == 0 {
                let answer = chunk.answers[position]
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
            // Each array read once per chunk: a class's stored property is checked for
            // exclusive access at every read.
            let (keys, clients, mask) = (chunk.keyHashes, chunk.clientHashes, forgotten[index])
            for position in keys.indices where mask & (1 << Mask(position)) == 0 {
                if keys[position] == keyHash, chunk.answers[position].key == key { return }
                if clients[position] == clientHash, chunk.answers[position].key.clientID == clientID {
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

    /// Adds `answer` as the newest: in place when no copy shares the newest chunk.
    private mutating func append(_ answer: StoredAnswer, keyHash: Int, clientHash: Int) {
        if let last = chunks.indices.last, chunks[last].answers.count < Self.chunkSize {
            if !isKnownUniquelyReferenced(&chunks[last]) { chunks[last] = Chunk(copying: chunks[last]) }
            chunks[last].add(answer, keyHash: keyHash, clientHash: clientHash)
        } else {
            chunks.append(Chunk([answer]))
            forgotten.append(0)
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
        if forgotten[chunk].nonzeroBitCount == chunks[chunk].answers.count {
            chunks.remove(at: chunk)
            forgotten.remove(at: chunk)
        }
        count -= 1
    }
}
