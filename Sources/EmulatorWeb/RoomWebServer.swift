import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization
import UWBEmulatorService

/// The emulator service's web page (`uwb emulator serve --http`; Docs/emulator-web.md): serves the
/// page's files and the run's files to download (``WebRoom/file(_:)``) over HTTP and a WebSocket
/// stream of the room at `/stream`, on which pages get the room's plan, then its state whenever it
/// changed (at most once per ``RoomWebSettings/stateInterval``), and may steer the world with
/// commands or load another scenario, under the control rules (``token``, loopback, one
/// controller at a time).
///
/// The world never waits for a page: one snapshot per interval is taken on a thread of its own and
/// shared by every page, each page keeps only the latest state it has not taken yet, commands are
/// performed on another thread, and a page that stops reading is closed.
public final class RoomWebServer: Sendable {
    /// The token a page passes (`/?token=…`) to control the world when the server listens beyond
    /// loopback: 128 random bits as 32 hexadecimal digits, new at every start.
    public let token: String
    /// The address it listens on, as the settings gave it.
    public let host: String
    /// The port it listens on (the one the system chose, when the settings said 0).
    public let port: Int
    /// Whether it listens beyond loopback, where only a page with ``token`` may steer the world.
    public let listensBeyondLoopback: Bool

    private let hub: StreamHub
    private let group: MultiThreadedEventLoopGroup
    private let commands: NIOThreadPool
    private let snapshots: NIOThreadPool
    private let listener: any Channel
    private let ticker: RepeatedTask
    private let logger: Logger
    private let stopped = Atomic<Bool>(false)

    /// Listens as `settings` say and starts serving `room`, whose scenario is called `scenario` (in
    /// the plan a page shows). Call it outside any event loop; call ``stop()`` when done.
    ///
    /// - Throws: ``RoomWebServerError/cannotListen(host:port:reason:)`` if the address cannot be
    ///   listened on (a port in use, an address not of this host).
    public init(
        room: some WebRoom, scenario: String, settings: RoomWebSettings = RoomWebSettings(), logger: Logger = EmulatorWebLogging.logger()
    ) throws(RoomWebServerError) {
        let hub = StreamHub()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let commands = NIOThreadPool(numberOfThreads: 1)
        let snapshots = NIOThreadPool(numberOfThreads: 1)
        commands.start()
        snapshots.start()
        let token = PageAccess.newToken()
        let shared = PageStreamHandler.Shared(
            room: room, scenario: ScenarioTitle(scenario), hub: hub, commands: commands, settings: settings, logger: logger)
        let listener: any Channel
        var loopback = false
        do {
            let address = try SocketAddress.makeAddressResolvingHost(settings.host, port: settings.port)
            loopback = PageAccess.isLoopback(address)
            let access = PageAccess(token: token, listensOnLoopback: loopback)
            var bootstrap = ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 64)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in Self.configure(channel, shared: shared, access: access) }
            if let sendBuffer = settings.sendBuffer {
                bootstrap = bootstrap.childChannelOption(.socketOption(.so_sndbuf), value: SocketOptionValue(sendBuffer))
            }
            listener = try bootstrap.bind(to: address).wait()
        } catch {
            try? group.syncShutdownGracefully()
            try? commands.syncShutdownGracefully()
            try? snapshots.syncShutdownGracefully()
            throw .cannotListen(host: settings.host, port: settings.port, reason: "\(error)")
        }
        let ticking = Atomic<Bool>(false)
        // The last snapshot a state was written from: a room that stands still (paused, or no app
        // attached) costs a comparison per tick, not a state's text (1.3 MB with 200 devices). A
        // room just replaced has its state written again however it stands: its pages were sent
        // the new plan, which clears theirs, and may have missed the state of the same snapshot
        // published between the load and the new plan.
        let written = Mutex<EmulatorSnapshot?>(nil)
        let interval = TimeAmount(settings.stateInterval)
        ticker = group.next().scheduleRepeatedTask(initialDelay: interval, delay: interval) { _ in
            guard hub.count > 0, !ticking.exchange(true, ordering: .acquiring) else { return }
            snapshots.submit { _ in
                let snapshot = room.snapshot()
                let changed = written.withLock { last in
                    guard last != snapshot || !hub.hasState else { return false }
                    last = snapshot
                    return true
                }
                if changed {
                    hub.publish(StreamMessage.state(snapshot).text)
                }
                ticking.store(false, ordering: .releasing)
            }
        }
        self.token = token
        listensBeyondLoopback = !loopback
        self.host = settings.host
        self.port = listener.localAddress?.port ?? settings.port
        self.hub = hub
        self.group = group
        self.commands = commands
        self.snapshots = snapshots
        self.listener = listener
        self.logger = logger
        logger.info("room page listening", metadata: ["address": "\(host) port \(port)"])
    }

    /// How many pages are connected to the stream.
    public var pageCount: Int {
        hub.count
    }

    /// Closes the listener and every page's connection and stops the server's threads; waits for a
    /// command being performed to finish. Calling it again does nothing.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        ticker.cancel()
        try? listener.close().wait()
        try? group.syncShutdownGracefully()
        try? commands.syncShutdownGracefully()
        try? snapshots.syncShutdownGracefully()
        logger.info("room page stopped")
    }

    /// The pipeline of a new connection: HTTP for the page's files, upgraded to the stream for a
    /// WebSocket request to `/stream`.
    private static func configure(_ channel: any Channel, shared: PageStreamHandler.Shared, access: PageAccess) -> EventLoopFuture<Void> {
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: shared.settings.largestFrame, automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                let isStream = head.method == .GET && RequestTarget(head.uri).path == "/stream"
                return channel.eventLoop.makeSucceededFuture(isStream ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let role = access.role(
                        asking: RequestTarget(head.uri), from: channel.remoteAddress, host: head.headers.first(name: "Host"),
                        origin: head.headers.first(name: "Origin"))
                    channel.pipeline.syncOperations.removeHandler(name: pageFilesName, promise: nil)
                    try channel.pipeline.syncOperations.addHandler(PageStreamHandler(shared: shared, role: role, peer: channel.remoteAddress))
                }
            })
        return channel.pipeline.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            .flatMapThrowing {
                try channel.pipeline.syncOperations.addHandler(PageFileHandler(room: shared.room, pool: shared.commands), name: pageFilesName)
            }
    }

    /// The name of the ``PageFileHandler`` in a connection's pipeline, which the upgrade removes.
    private static let pageFilesName = "page-files"
}
