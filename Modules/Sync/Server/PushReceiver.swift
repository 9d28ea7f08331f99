/// Who is given an activity's pushes on this server (``SyncServer/attach(to:token:after:receiver:)``):
/// any sink, or an HTTP event stream.
///
/// The two are told apart for the fan-out (issue 25, item 2, ADR 0055): a push reaches the
/// event streams of one event loop in one hand-over to that loop, with one copy of its bytes
/// for that loop (``StreamsByLoop``), where a sink is called once per push. Handed over one
/// stream at a time, each with a lookup of the frame on the actor and one buffer shared by
/// every thread, a push to a thousand streams spent 16 % of the server's samples retaining
/// and releasing.
enum PushReceiver: Sendable {
    /// A sink, called on the server's actor.
    case sink(Broadcast<ActivitySnapshot>.Sink)
    /// An event stream, written on its connection's event loop.
    case stream(EventStream)

    /// Gives `snapshot` to this receiver alone.
    func yield(_ snapshot: ActivitySnapshot) {
        switch self {
        case .sink(let sink): sink.yield(snapshot)
        case .stream(let stream): stream.send(snapshot)
        }
    }

    /// Ends this receiver.
    func finish() {
        switch self {
        case .sink(let sink): sink.finish()
        case .stream(let stream): stream.finish()
        }
    }
}
