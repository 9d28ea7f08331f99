import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceLifecycle

/// The HTTP server of ``SyncHTTPServer`` on a ``ListeningSocket`` that is already bound and
/// listening: the same routes, pipeline (Hummingbird's HTTP/1 channel with the
/// ``WardenInstaller``), connection allowance and shutdown as the Hummingbird `Application`
/// that `moments serve` runs, which can only bind an address itself (ADR 0037).
///
/// Hummingbird 2.28's `Server` binds a host and port or a Unix socket path and takes no
/// descriptor; NIO's `ServerBootstrap.bind(_:)` takes one, so this runs Hummingbird's
/// public pieces (its router's responder, `HTTP1Channel`) on a bootstrap of its own. What
/// Hummingbird's application adds and this does not: a `Date` header, which no client of
/// the protocol reads.
struct BoundSocketListener<Context: RequestContext>: Service where Context.Source == ApplicationRequestContextSource {
    let socket: ListeningSocket
    let responder: RouterResponder<Context>
    let channel: HTTP1Channel.Configuration
    let serverName: String
    /// Hands each accepted connection to Hummingbird's connection limit, as
    /// `ApplicationConfiguration.availableConnectionsDelegate` does.
    let allowance: ConnectionAllowance?
    let connections: OpenConnections
    let onServerRunning: @Sendable (any NIOCore.Channel) async -> Void
    let logger: Logger

    func run() async throws {
        guard let descriptor = socket.take() else {
            // Closed before the first connection: nothing to serve until the group ends.
            try? await gracefulShutdown()
            return
        }
        let http = HTTP1Channel(responder: respond, configuration: channel)
        let (allowance, logger) = (self.allowance, self.logger)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let allowance { try channel.pipeline.syncOperations.addHandler(AvailableConnectionsChannelHandler(delegate: allowance)) }
                }
            }
            .bind(descriptor) { channel in http.setup(channel: channel, logger: logger) }
        let connections = self.connections
        await withGracefulShutdownHandler {
            await onServerRunning(server.channel)
            await withDiscardingTaskGroup { group in
                do {
                    try await server.executeThenClose { inbound in
                        for try await connection in inbound {
                            group.addTask { await http.handle(value: connection, logger: logger) }
                        }
                    }
                } catch {
                    logger.error("the loopback listener stopped accepting: \(error)")
                }
            }
        } onGracefulShutdown: {
            // As Hummingbird's quiescing: accept nothing more, close each connection once
            // its answer under way is written; ``StreamCloser`` closes what is left.
            server.channel.close(promise: nil)
            connections.quiesceAll()
        }
    }

    /// Hummingbird's application responder: the router's answer, a 500 for an error the
    /// routes did not turn into one, the server's name.
    private func respond(_ request: Request, _ writer: consuming ResponseWriter, _ channel: any NIOCore.Channel) async throws {
        var response: Response
        do {
            response = try await responder.respond(to: request, context: Context(source: .init(channel: channel, logger: logger)))
        } catch let error as HTTPParserError {
            throw error
        } catch {
            response = Response(status: .internalServerError)
        }
        response.headers[.server] = serverName
        try await writer.write(response: response.head, body: response.body)
    }
}
