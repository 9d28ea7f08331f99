/// The clients a ``RememberedAnswers`` has remembered answers of, each with the 32-bit hash
/// its answers' signatures carry, so that a client whose hash no other client has had is
/// known by its signatures alone.
///
/// Finding a client's oldest answer past its limit once read the id of each of its answers
/// out of its chunk, to tell it from another client of the same hash: over 100 activities,
/// a miss of the cache each, and the most of an intent's decision on the server's actor
/// (issue 25). A client noted here, while no two clients of one hash have been seen, has
/// every answer of its hash: its signatures count it exactly.
///
/// It only grows, up to ``capacity`` clients: a client past it, or any client once two
/// have shared a hash, is told apart by its ids again, as before. A copy of the answers
/// copies this too, and shares its storage until one of them notes a new client.
struct RememberedClients: Sendable {
    /// The most clients noted; the rest are told apart by their ids.
    static let capacity = 16

    private var noted: [(hash: UInt32, id: String)] = []
    /// Whether two different clients of one hash have been seen: then none is known by
    /// its hash alone.
    private(set) var sharesAHash = false

    /// Notes that an answer of `clientID`, whose hash is `hash`, is remembered. Returns the
    /// client's id as first noted when every answer of `hash` remembered, this one among
    /// them, is this client's (keeping that one string, its answers' ids compare without
    /// reading their characters); `nil` when that is not known.
    mutating func note(_ clientID: String, hash: UInt32) -> String? {
        guard !sharesAHash else { return nil }
        if let known = noted.first(where: { $0.hash == hash }) {
            guard known.id == clientID else {
                sharesAHash = true
                return nil
            }
            return known.id
        }
        // Past the capacity a client is not noted; one of a noted client's hash would
        // still have been found above, so a noted client's hash stays its own.
        guard noted.count < Self.capacity else { return nil }
        noted.append((hash, clientID))
        return clientID
    }
}
