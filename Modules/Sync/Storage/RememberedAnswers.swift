/// The answers an activity remembers, oldest first, kept in small immutable chunks that
/// copies of the activity share.
///
/// Every intent remembers its answer on a copy of the stored activity: the storage keeps
/// the activity as it was until the write commits. With the answers in one array, that copy
/// copied all 256 of them (each with its outcome's snapshot) and its index on every
/// intent, and forgetting the oldest moved the rest down: most of an intent's CPU time once
/// the journal's JSON was written by hand (issue 25). Here a copy shares every chunk; an
/// answer replaces only the newest chunk (at most ``chunkSize`` answers copied), and
/// forgetting the oldest moves a mark in the oldest chunk. Answers are found by a scan of
/// the chunks' key hashes, at most 256 integers, instead of a dictionary each copy would
/// have to copy.
struct RememberedAnswers: Sendable {
    /// The most answers in one chunk.
    static let chunkSize = 16

    /// A run of answers, never changed once made, with the hashes of their keys and clients.
    private final class Chunk: Sendable {
        let answers: [StoredAnswer]
        let keyHashes: [Int]
        let clientHashes: [Int]

        convenience init(_ answers: [StoredAnswer]) {
            self.init(answers, keyHashes: answers.map { $0.key.hashValue }, clientHashes: answers.map { $0.key.clientID.hashValue })
        }

        private init(_ answers: [StoredAnswer], keyHashes: [Int], clientHashes: [Int]) {
            self.answers = answers
            self.keyHashes = keyHashes
            self.clientHashes = clientHashes
        }

        /// This chunk with `answer` after its own; only the new answer's key is hashed.
        func adding(_ answer: StoredAnswer) -> Chunk {
            Chunk(answers + [answer], keyHashes: keyHashes + [answer.key.hashValue], clientHashes: clientHashes + [answer.key.clientID.hashValue])
        }

        /// This chunk without its answer at `position`.
        func removing(at position: Int) -> Chunk {
            var (kept, keys, clients) = (answers, keyHashes, clientHashes)
            kept.remove(at: position)
            keys.remove(at: position)
            clients.remove(at: position)
            return Chunk(kept, keyHashes: keys, clientHashes: clients)
        }
    }

    private var chunks: [Chunk] = []
    /// How many answers of the first chunk are forgotten.
    private var forgottenInFirst = 0
    /// How many answers are remembered.
    private(set) var count = 0

    /// Every answer, oldest first.
    var all: [StoredAnswer] {
        var all: [StoredAnswer] = []
        all.reserveCapacity(count)
        for (index, chunk) in chunks.enumerated() {
            all += chunk.answers[(index == 0 ? forgottenInFirst : 0)...]
        }
        return all
    }

    /// The answer remembered for `key`, if any.
    func answer(for key: IntentKey) -> StoredAnswer? {
        let hash = key.hashValue
        for (index, chunk) in chunks.enumerated() {
            for position in (index == 0 ? forgottenInFirst : 0)..<chunk.answers.count
            where chunk.keyHashes[position] == hash && chunk.answers[position].key == key {
                return chunk.answers[position]
            }
        }
        return nil
    }

    /// How many answers `clientID` has among them.
    func count(of clientID: String) -> Int {
        var found = 0
        forEachPlace(of: clientID) { _, _ in
            found += 1
            return true
        }
        return found
    }

    /// Adds `answer` as the newest.
    mutating func append(_ answer: StoredAnswer) {
        if let last = chunks.indices.last, chunks[last].answers.count < Self.chunkSize {
            chunks[last] = chunks[last].adding(answer)
        } else {
            chunks.append(Chunk([answer]))
        }
        count += 1
    }

    /// Forgets the oldest answer, and answers it.
    @discardableResult
    mutating func removeOldest() -> StoredAnswer? {
        guard let first = chunks.first else { return nil }
        let oldest = first.answers[forgottenInFirst]
        forgottenInFirst += 1
        if forgottenInFirst == first.answers.count {
            chunks.removeFirst()
            forgottenInFirst = 0
        }
        count -= 1
        return oldest
    }

    /// Forgets the oldest answer of `clientID`; answers whether there was one.
    mutating func removeOldest(of clientID: String) -> Bool {
        var place: (chunk: Int, position: Int)?
        forEachPlace(of: clientID) { chunk, position in
            place = (chunk, position)
            return false
        }
        guard let (chunk, position) = place else { return false }
        if chunk == 0, position == forgottenInFirst {
            removeOldest()
            return true
        }
        let remaining = chunks[chunk].removing(at: position)
        if remaining.answers.count == (chunk == 0 ? forgottenInFirst : 0) {
            chunks.remove(at: chunk)
            if chunk == 0 { forgottenInFirst = 0 }
        } else {
            chunks[chunk] = remaining
        }
        count -= 1
        return true
    }

    /// Calls `visit` with the place of each answer of `clientID`, oldest first, while it
    /// answers `true`.
    private func forEachPlace(of clientID: String, _ visit: (Int, Int) -> Bool) {
        let hash = clientID.hashValue
        for (index, chunk) in chunks.enumerated() {
            for position in (index == 0 ? forgottenInFirst : 0)..<chunk.answers.count
            where chunk.clientHashes[position] == hash && chunk.answers[position].key.clientID == clientID {
                if !visit(index, position) { return }
            }
        }
    }
}
