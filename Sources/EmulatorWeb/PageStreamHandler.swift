import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// One page's WebSocket stream, after the upgrade: sends it the plan (again when another scenario is
/// loaded) and then the latest state when it can take it (never queueing states), decodes its
/// commands and has them performed off the event loop, answering each; closes it for a binary frame, a frame too large or a flood (1008),
/// a protocol error (1002), or once it has not read for too long. Runs on the channel's event loop.
final class PageStreamHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// What the page needs from the server, shared by every page.
    struct Shared: Sendable {
        let room: any WebRoom
        let scenario: ScenarioTitle
        let hub: StreamHub
        let commands: NIOThreadPool
        let settings: RoomWebSettings
        let logger: Logger
    }

    private let shared: Shared
    private var role: PageRole
    private var rate: MessageRate
    private var context: ChannelHandlerContext?
    private var pageID: Int?
    /// The state to send once the connection is writable again; only the latest is kept.
    private var pendingState: String?
    /// The text message whose first fragments have come, until its last.
    private var fragments: ByteBuffer?
    /// Closes the connection if it stays unwritable, or if a close frame is not taken; set while so.
    private var drop: Scheduled<Void>?
    /// Whether the server has begun closing the connection: nothing the page sends counts any more.
    private var closing = false
    private var logger: Logger

    /// A stream for a page that may have `role` (``PageRole/controller`` still needs the hub's consent).
    init(shared: Shared, role: PageRole, peer: SocketAddress?) {
        self.shared = shared
        self.role = role
        rate = MessageRate(limit: shared.settings.messagesPerWindow, per: TimeAmount(shared.settings.messageWindow))
        logger = shared.logger
        logger[metadataKey: LogMetadataKey.peer] = "\(peer.flatMap { address in address.ipAddress.map { "\($0) port \(address.port ?? 0)" } } ?? "unknown")"
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let loop = context.eventLoop
        let bound = NIOLoopBound(self, eventLoop: loop)
        let joined = shared.hub.join(wantsControl: role == .controller) { message in
            loop.execute {
                switch message {
                case .state(let state): bound.value.offer(state)
                case .plan: bound.value.sendPlan()
                }
            }
        }
        pageID = joined.id
        if role == .controller, !joined.controls {
            role = .observer(notice: PageAccess.controlTaken)
        }
        logger.info("page connected", metadata: ["role": "\(role == .controller ? "controller" : "observer")"])
        sendPlan()
        if let state = joined.latestState {
            offer(state)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    /// Takes the page off the hub (freeing control) once.
    private func leave() {
        drop?.cancel()
        drop = nil
        guard let pageID else { return }
        self.pageID = nil
        shared.hub.leave(pageID)
        logger.info("page left")
    }

    /// Sends the room's plan, dropping a state not sent yet (it may be the old room's).
    func sendPlan() {
        pendingState = nil
        send(.plan(shared.room.plan, scenario: shared.scenario.current, role: role, loadable: shared.room.loadable))
    }

    /// Sends `state` now if the connection takes it, else keeps it (replacing an older one) until it does.
    func offer(_ state: String) {
        pendingState = state
        sendPendingState()
    }

    private func sendPendingState() {
        guard let context, context.channel.isWritable, let state = pendingState else { return }
        pendingState = nil
        write(text: state, flush: true)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        defer { context.fireChannelWritabilityChanged() }
        guard !closing else { return }  // the close frame's own timer runs
        if context.channel.isWritable {
            drop?.cancel()
            drop = nil
            sendPendingState()
        } else if drop == nil {
            let limit = shared.settings.unwritableLimit
            drop = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { [self] in
                guard let context = self.context, !context.channel.isWritable else { return }
                closing = true
                logger.warning("page closed: it has not read what it was sent for \(limit)")
                context.close(promise: nil)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let frame = unwrapInboundIn(data)
        guard rate.admit(at: .now()) else {
            let settings = shared.settings
            return close(.policyViolation, "more than \(settings.messagesPerWindow) messages in \(settings.messageWindow)")
        }
        switch frame.opcode {
        case .text:
            guard fragments == nil else {
                return close(.protocolError, "a new message before the last fragment of the one before")
            }
            if frame.fin {
                receive(frame.unmaskedData)
            } else {
                collect(frame.unmaskedData, starting: true)
            }
        case .continuation:
            guard fragments != nil else {
                return close(.protocolError, "a continuation frame without a message it continues")
            }
            collect(frame.unmaskedData, starting: false)
            if frame.fin, let message = fragments {
                fragments = nil
                receive(message)
            }
        case .binary:
            close(.policyViolation, "a binary frame (the stream takes JSON text)")
        case .ping:
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), flush: true)
        case .pong:
            break
        case .connectionClose:
            closing = true
            var data = frame.unmaskedData
            let answer = data.readSlice(length: 2) ?? context.channel.allocator.buffer(capacity: 0)
            closeAfter(WebSocketFrame(fin: true, opcode: .connectionClose, data: answer))
        default:
            close(.protocolError, "a frame with the reserved opcode \(frame.opcode)")
        }
    }

    /// Adds a fragment of a text message, closing the connection if the message grows too large.
    private func collect(_ fragment: ByteBuffer, starting: Bool) {
        var message = starting ? fragment : (fragments ?? fragment)
        if !starting {
            var more = fragment
            message.writeBuffer(&more)
        }
        guard message.readableBytes <= shared.settings.largestFrame else {
            fragments = nil
            return close(.policyViolation, "a message larger than \(shared.settings.largestFrame) bytes")
        }
        fragments = message
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !closing else { return }
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            close(.policyViolation, "a frame larger than \(shared.settings.largestFrame) bytes")
        case is NIOWebSocketError:
            close(.protocolError, "a malformed frame (\(error))")
        default:
            closing = true
            logger.info("page's connection failed", metadata: [LogMetadataKey.error: "\(error)"])
            context.close(promise: nil)
        }
    }

    /// Answers a complete text message: the command's `done` (or, for a read-only request, what it
    /// asked for) or `refused`. An observer's page may only read.
    private func receive(_ message: ByteBuffer) {
        let command: PageCommand
        do {
            command = try PageCommand(text: String(buffer: message))
        } catch {
            return send(.refused(id: error.id, message: error.description))
        }
        if case .observer(let notice) = role, !command.action.isReadOnly {
            return send(.refused(id: command.id, message: notice))
        }
        guard let context else { return }
        let room = shared.room
        let shared = shared
        let action = command.action
        let id = command.id
        shared.commands.runIfActive(eventLoop: context.eventLoop) { () -> Result<StreamMessage, any Error> in
            switch action {
            case .world(let worldCommand):
                return Result { () throws(WorldCommandError) in .done(id: id, time: try room.perform(worldCommand)) }.mapError { $0 }
            case .load(let name):
                return Result { () throws(ScenarioLoadError) in
                    shared.scenario.current = try room.load(name)
                    shared.hub.replan()
                    return .done(id: id, time: .zero)
                }.mapError { $0 }
            case .impulseResponse(let device, let chip):
                return Result { () throws(ImpulseResponseError) in
                    .impulseResponse(id: id, try room.lastImpulseResponse(device: device, chip: chip))
                }.mapError { $0 }
            }
        }.assumeIsolated().whenComplete { [self] outcome in
            switch outcome {
            case .success(.success(let answer)):
                send(answer)
            case .success(.failure(let refusal)):
                send(.refused(id: command.id, message: "\(refusal)"))
            case .failure:
                send(.refused(id: command.id, message: "the server is stopping; the command was not performed"))
            }
        }
    }

    /// Sends a message that is not a state (plan, answers): always, not replaced.
    private func send(_ message: StreamMessage) {
        write(text: message.text, flush: true)
    }

    /// Writes a text frame, unless the server has begun closing the connection (nothing may follow its close frame).
    private func write(text: String, flush: Bool) {
        guard let context, !closing else { return }
        write(WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text)), flush: flush)
    }

    private func write(_ frame: WebSocketFrame, flush: Bool) {
        guard let context else { return }
        context.write(wrapOutboundOut(frame), promise: nil)
        if flush {
            context.flush()
        }
    }

    /// Closes the connection for what the page sent, with a close frame carrying `code` and `reason`, and logs it.
    private func close(_ code: WebSocketErrorCode, _ reason: String) {
        guard let context, !closing else { return }
        closing = true
        logger.warning("page closed: it sent \(reason)", metadata: ["websocket.code": "\(UInt16(webSocketErrorCode: code))"])
        // A control frame carries at most 125 octets: the code's 2 and the reason's first 123.
        var data = context.channel.allocator.buffer(capacity: 125)
        data.write(webSocketErrorCode: code)
        data.writeBytes(reason.utf8.prefix(123))
        closeAfter(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
    }

    /// Sends the close frame `frame`, then closes the connection once it is written, or after
    /// ``RoomWebSettings/unwritableLimit`` if the page does not take it.
    private func closeAfter(_ frame: WebSocketFrame) {
        guard let context else { return }
        let channel = context.channel
        drop?.cancel()
        drop = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(shared.settings.unwritableLimit)) {
            channel.close(promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
