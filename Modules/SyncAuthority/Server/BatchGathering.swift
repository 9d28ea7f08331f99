/// When the server's next group commit begins: at once, unless the last batch answered
/// (with those queued meanwhile) more requests than are queued now; then once that many are
/// queued, or once as long as the last commit took has passed, whichever comes first; and
/// at once again for a while after such a wait ran out (ADR 0043).
///
/// The requests a batch answers come back soon after (each client sends its next intent),
/// within a fraction of a commit, but one by one. A batch begun at the first of them carries
/// it alone and leaves the rest for the one after, so with busy clients batches alternate
/// between one request and all but one, and every second durable write is nearly empty
/// (issue 25 measured 1 and 63 of 64 senders). Waiting a little for the others is what
/// MySQL's `binlog_group_commit_sync_delay` and `binlog_group_commit_sync_no_delay_count`
/// do; here both are learnt from the last batch instead of configured:
///
/// - A lone client's batches are of one request, so its next one never waits.
/// - The wait is at most the last commit's duration (and at most ``longestWait``): a request
///   that did not come back loses at most what the batch it would have had to wait for
///   would have cost it, and the batch adjusts to the requests that did.
/// - A wait that runs out did not pay: the clients come back more slowly than a commit
///   takes (over HTTP, with the answer's round trip and parsing, they take several). The
///   batches after it begin at once, one after the first such wait, then twice as many
///   after each wait that runs out again, up to ``longestBackOff``; a wait that gathers
///   every request ends the back-off.
struct BatchGathering: Sendable, Equatable {
    /// The most batches that begin at once after a wait ran out, before one waits again.
    static let longestBackOff = 64

    /// The longest a batch waits for its requests, however slow the last commit was.
    let longestWait: Duration

    /// How many requests the next batch waits for: those the last batch answered and those
    /// already queued when it did (at least one).
    private(set) var expectedRequests = 1
    /// How many requests the last batch answered (at least one).
    private(set) var lastAnswered = 1
    /// How long the next batch may wait for them.
    private(set) var patience: Duration = .zero
    /// How many batches still begin at once, without waiting, after a wait that ran out.
    private(set) var batchesNotWaiting = 0
    /// How many batches begin at once after the next wait that runs out.
    private var backOff = 0

    /// Nothing committed yet: the first batch begins at once. A batch waits at most
    /// `longestWait` for the requests the last one answered.
    init(longestWait: Duration = SyncServer.standardLongestBatchWait) {
        self.longestWait = max(longestWait, .zero)
    }

    /// A batch began: because its wait ran out (`waitRanOut`), or not.
    mutating func began(waitRanOut: Bool) {
        if waitRanOut {
            backOff = min(max(backOff * 2, 1), Self.longestBackOff)
            batchesNotWaiting = backOff
        } else if batchesNotWaiting > 0 {
            batchesNotWaiting -= 1
        } else {
            backOff = 0
        }
    }

    /// The last batch answered `answered` requests once durable, after `duration` in its
    /// storage, with `queued` more already waiting for the next. Counting the queued ones
    /// too is what lets a batch grow back to every sender: with only the answered ones, a
    /// sender that came back during the commit would stay one batch behind the others for
    /// good (batches of 63 with one always left over, of 64 senders).
    mutating func committed(answered: Int, queued: Int, in duration: Duration) {
        expectedRequests = max(answered + queued, 1)
        lastAnswered = max(answered, 1)
        patience = min(max(duration, .zero), longestWait)
    }

    /// The last batch failed: the next one begins at once, as after a start.
    mutating func failed() {
        self = BatchGathering(longestWait: longestWait)
    }

    /// Whether a batch of `queuedRequests` is handed to a storage that commits in order
    /// now, to wait behind the one being written, rather than at that one's end (ADR 0049):
    /// once as many are queued as the last batch answered, its senders come back. Never for
    /// fewer: a batch handed over at the first of them would leave the others to the one
    /// after it, as above.
    func beginsBehind(queuedRequests: Int) -> Bool {
        queuedRequests >= lastAnswered
    }

    /// Whether a batch of `queuedRequests` begins now rather than wait for more.
    func beginsNow(queuedRequests: Int) -> Bool {
        queuedRequests >= expectedRequests || patience == .zero || batchesNotWaiting > 0
    }
}
