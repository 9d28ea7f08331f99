/// Which activity each idempotency key made: how the server goes from a retried creation
/// to the activity it already made, without looking through every activity.
///
/// Read from the activities' own creation records, so it is rebuilt whole at start-up
/// (the keys are as durable as the activities) and whenever the server forgets changes
/// that could not be made durable.
struct CreationIndex: Sendable {
    private var ids: [IdempotencyKey: String] = [:]

    /// The index of every keyed creation among `activities`.
    init(_ activities: [String: StoredActivity]) {
        for (id, stored) in activities {
            if let key = stored.creation?.key { ids[key] = id }
        }
    }

    /// The id of the activity `key` made, if any.
    subscript(key: IdempotencyKey) -> String? { ids[key] }

    /// Notes that `key` made the activity `id`.
    mutating func insert(_ key: IdempotencyKey, madeActivity id: String) {
        ids[key] = id
    }
}
