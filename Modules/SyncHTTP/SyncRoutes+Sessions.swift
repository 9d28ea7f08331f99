import Domain
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AccessKeys
import Hummingbird
import NIOCore
import SyncAuthority
import SyncProtocol

/// `GET /v1/sessions/events`: a person's sessions as one event stream (``SyncServer/subscribeToSessions(ownedBy:sink:)``),
/// in the same frames as an activity's own stream. On a shared server it takes the person's
/// access key as the bearer token and carries only their sessions; it counts against
/// their cap of open streams like any other.
extension SyncRoutes {
    func sessions(_ request: Request, _ context: SyncRequestContext) async -> Response {
        let stream = EventStream(channel: context.channel, writes: writes, pushes: pushes)
        let key: UUID
        let streamOwner: CountedStream?
        do {
            let person = try await person(request)
            streamOwner = person.map { CountedStream(key: $0.id) }
            if let streamOwner { try await access?.openStream(of: streamOwner.key) }
            key = try await opening(countedAgainst: streamOwner) { () async throws(SyncError) in
                try await self.server.subscribeToSessions(ownedBy: person?.id, sink: stream.sink)
            }
        } catch {
            stream.finish()
            return Self.failure(error)
        }
        let release = StreamRelease { [self] in
            await server.unsubscribeFromSessions(key)
            await giveBack(streamOwner)
        }
        stream.onEnd { release.start() }
        return eventStream(stream, release: release)
    }
}
