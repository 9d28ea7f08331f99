import SyncProtocol
/// Who is given an activity's pushes on this server (`SyncServer.attach(to:token:after:subscriber:)`):
/// any sink, called once per push, or a member of a ``SubscriberGroup``, given each push
/// with the rest of its group in one call.
///
/// Groups are for the fan-out (ADR 0055): an HTTP server's event streams on one event loop
/// are one group, so a push to a thousand of them is one hand-over to each loop, with one
/// copy of its bytes for that loop, rather than a thousand.
public enum Subscriber: Sendable {
    /// A sink, called on the server's actor.
    case sink(Broadcast<ActivitySnapshot>.Sink)
    /// A member of a group, given its pushes with the group's other members.
    case grouped(any GroupedSubscriber)

    /// Gives `snapshot` to this subscriber alone.
    func push(_ snapshot: ActivitySnapshot) {
        switch self {
        case .sink(let sink): sink.yield(snapshot)
        case .grouped(let member): member.push(snapshot)
        }
    }

    /// Ends this subscriber.
    func finish() {
        switch self {
        case .sink(let sink): sink.finish()
        case .grouped(let member): member.finish()
        }
    }
}

/// Subscribers that take a push together: the server hands each push to a group once, with
/// every member of it that the push is for.
public protocol SubscriberGroup: AnyObject, Sendable {
    /// Gives `snapshot` to each of `members` (every one of them this group's), after
    /// everything given to each before. Called on the server's actor: it must not wait.
    func push(_ snapshot: ActivitySnapshot, to members: [any GroupedSubscriber])
}

/// A subscriber that belongs to a ``SubscriberGroup``.
public protocol GroupedSubscriber: AnyObject, Sendable {
    /// The group it takes pushes with.
    var group: any SubscriberGroup { get }
    /// Gives `snapshot` to this subscriber alone (its first state, when it opens).
    func push(_ snapshot: ActivitySnapshot)
    /// Ends it, once everything given to it before is delivered.
    func finish()
}
