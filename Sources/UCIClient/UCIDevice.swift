import Foundation
import Logging
import Synchronization
import UCI
import UWBCore

/// A UWB subsystem (UWBS) reached over UCI: a FiRa board with UCI firmware on a serial port, or a
/// UCI server such as `uwb uci serve` over TCP. The device ranges by itself; a host configures
/// FiRa sessions and reads their results.
///
/// ``open(_:responseTimeout:)`` connects and brings the device up (``UCIBringUp``); from then on
/// the device's loop (a ``DeviceLoop`` on the wall clock: a serial queue) is where commands are
/// sent (``send(_:completion:)``, one at a time as UCI requires: the next goes out when the
/// previous one is answered) and where responses and notifications arrive. A reader thread turns
/// the device's octets into messages. A command unanswered within the response timeout, or a
/// broken connection, ends the device: every waiting command fails and the handler hears
/// ``UCIDeviceHandler/device(_:failed:)`` once.
///
/// `@unchecked Sendable`: the members marked "loop only" are used only on the serial queue, and
/// the rest is immutable or atomic.
public final class UCIDevice: DeviceLoop, @unchecked Sendable {
    /// `uci:` and the endpoint, for example `uci:tcp://127.0.0.1:7000`.
    public let name: String
    /// Where the device is.
    public let endpoint: UCIEndpoint
    /// What GET_DEVICE_INFO said: versions and vendor information.
    public let info: UCIDeviceInfo
    /// What GET_CAPS_INFO said.
    public let capabilities: UCICapabilitySet
    /// The layouts the device speaks: its UCI version's.
    public var revision: UCIProtocolRevision { info.uciVersion.revision }
    /// How long a command waits for its response before the device is taken for dead.
    public let responseTimeout: Duration
    /// Where every UCI packet both ways is recorded (``UCITraceWriter``), if anywhere: the
    /// connection's interface is named ``name``.
    public let trace: UCITraceWriter?

    private let stream: UCIStream
    /// Records the packets in ``trace``.
    private let tap: UCITraceTap
    /// Where the device logs (``UCIClientLogging``), with the `device` metadata key set.
    private let logger: Logger
    /// Whether ``logger`` was at `trace` when the device was opened: then every UCI message is
    /// logged. Asked once, so that a device that does not trace pays one test of a stored flag.
    private let tracesMessages: Bool
    private let queue = DispatchQueue(label: "uwb uci device")
    private let started = ContinuousClock.now
    private let reading = DispatchSemaphore(value: 0)

    // Loop only.
    private var pending: [UCIPendingCommand] = []
    /// Counts sent commands, so that the timeout of an answered one does nothing.
    private var sent = 0
    private weak var handler: (any UCIDeviceHandler)?
    private var failure: UCIClientError?
    /// Whether ``close()`` was called: the connection's end is then no failure to warn about.
    private var closedByProgram = false

    /// Connects to the device at `endpoint` and brings it up: resets it (ending any session a
    /// previous program left), reads its versions and capabilities.
    ///
    /// - Parameters:
    ///   - responseTimeout: how long each command may wait for its response.
    ///   - trace: where to record every UCI packet both ways, bring-up included (flushed after
    ///     each exchange, so the file is whole while the program runs); nil for nowhere.
    ///   - logger: where the device logs (``UCIClientLogging``).
    /// - Throws: ``UCIClientError`` if the device cannot be reached, does not answer, or refuses.
    public static func open(
        _ endpoint: UCIEndpoint, responseTimeout: Duration = UCIClientConstants.responseTimeout, trace: UCITraceWriter? = nil,
        logger: Logger = UCIClientLogging.logger()
    ) throws(UCIClientError) -> UCIDevice {
        var logger = logger
        logger[metadataKey: LogMetadataKey.device] = "uci:\(endpoint)"
        let stream: UCIStream
        do {
            stream = try UCIStream.open(endpoint, timeout: responseTimeout)
        } catch {
            logger.warning("cannot open the UCI device", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
        let tap = UCITraceTap(trace: trace, connection: "uci:\(endpoint)")
        do {
            let outcome = try UCIBringUp(stream: stream, timeout: responseTimeout, tap: tap).run()
            return UCIDevice(stream: stream, outcome: outcome, responseTimeout: responseTimeout, tap: tap, logger: logger)
        } catch {
            logger.warning("UCI device bring-up failed", metadata: [LogMetadataKey.error: "\(error)"])
            stream.close()
            throw error
        }
    }

    private init(stream: UCIStream, outcome: UCIBringUp.Outcome, responseTimeout: Duration, tap: UCITraceTap, logger: Logger) {
        self.logger = logger
        tracesMessages = logger.logLevel == .trace
        logger.info("UCI device up", metadata: ["uci.version": "\(outcome.info.uciVersion)"])
        self.stream = stream
        endpoint = stream.endpoint
        name = tap.connection
        info = outcome.info
        capabilities = outcome.capabilities
        self.responseTimeout = responseTimeout
        trace = tap.trace
        self.tap = tap
        let reassembler = outcome.reassembler
        let queue = queue
        let thread = Thread { [weak self, stream, reading] in
            Thread.current.name = "uwb uci reader"
            let ending = Self.read(stream, reassembler: reassembler, tap: tap) { raw in
                queue.async { [weak self] in self?.received(raw) }
            }
            queue.async { [weak self] in self?.fail(ending) }
            reading.signal()
        }
        thread.start()
    }

    deinit {
        stream.close()
    }

    /// Closes the connection and waits for the reader to end. Commands still waiting fail with
    /// ``UCIClientError/lost(_:reason:)``. Not from the loop.
    public func close() {
        queue.sync { closedByProgram = true }
        stream.close()
        reading.wait()
        reading.signal()
        queue.sync { fail(.lost(endpoint, reason: "the program closed it")) }
    }

    // MARK: DeviceLoop

    /// The wall clock since the device was opened. Loop only.
    public var now: Duration { ContinuousClock.now - started }

    /// Runs `action` on the loop after `delay` of wall time. Loop only.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        let action = LoopAction(action)
        queue.asyncAfter(deadline: .now() + max(delay, .zero).secondsValue) { action.run() }
    }

    /// Runs `action` on the loop. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }

    /// Hands `work` to `queue` at once: the device's loop is on the wall clock. Loop only.
    public func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    // MARK: Loop only

    /// Sends notifications and the device's failure to `handler` from now on. Loop only.
    public func attach(_ handler: any UCIDeviceHandler) {
        self.handler = handler
    }

    /// Sends `command` once the commands before it are answered; `completion` gets the response
    /// (whatever its status) or why there is none. Loop only.
    public func send(_ command: UCICommand, completion: @escaping (Result<UCIResponse, UCIClientError>) -> Void) {
        if let failure {
            return completion(.failure(failure))
        }
        let raw: UCIRawMessage
        let packets: [[UInt8]]
        do {
            raw = try UCIMessage.command(command).encoded(version: revision)
            packets = try raw.packetOctets()
        } catch {
            return completion(.failure(.protocolError(endpoint, reason: "\(command.name) cannot be encoded: \(error)")))
        }
        pending.append(UCIPendingCommand(command: command, header: raw.header, packets: packets, completion: completion))
        if pending.count == 1 {
            transmitFirst()
        }
    }

    private func transmitFirst() {
        guard let first = pending.first else { return }
        sent += 1
        let number = sent
        tap.record(first.packets, direction: .sent)
        if tracesMessages {
            logger.trace("UCI command sent: \(first.command.name)")
        }
        do {
            try stream.write(Array(first.packets.joined()))
        } catch {
            return fail(error)
        }
        schedule(after: responseTimeout) { [weak self] in
            guard let self, self.sent == number, !self.pending.isEmpty else { return }
            self.fail(.noAnswer(self.endpoint, command: first.command.name, timeout: self.responseTimeout))
        }
    }

    private func received(_ raw: UCIRawMessage) {
        guard failure == nil else { return }
        let message: UCIMessage
        do {
            message = try UCIMessage(decoding: raw, version: revision)
        } catch {
            logger.debug("undecodable UCI message", metadata: [LogMetadataKey.error: "\(error)"])
            // A notification the codec cannot read is dropped; a response it cannot read still
            // answers its command, as a protocol error.
            if raw.header.messageType == .response, let first = pending.first, first.header.sameCommand(as: raw.header) {
                answerFirst(.failure(.protocolError(endpoint, reason: "\(first.command.name)'s response: \(error)")))
            }
            return
        }
        if tracesMessages {
            logger.trace("UCI message received: \(message)")
        }
        switch message {
        case .response(let response):
            guard let first = pending.first, first.header.sameCommand(as: raw.header) else { return }
            answerFirst(.success(response))
        case .notification(let notification):
            handler?.device(self, notified: notification)
        case .command, .data:
            return
        }
    }

    private func answerFirst(_ result: Result<UCIResponse, UCIClientError>) {
        let first = pending.removeFirst()
        first.completion(result)
        transmitFirst()
    }

    private func fail(_ error: UCIClientError) {
        guard failure == nil else { return }
        if closedByProgram {
            logger.debug("UCI device closed")
        } else {
            logger.warning("UCI device lost", metadata: [LogMetadataKey.error: "\(error)"])
        }
        failure = error
        stream.close()
        let waiting = pending
        pending = []
        for command in waiting {
            command.completion(.failure(error))
        }
        handler?.device(self, failed: error)
    }

    // MARK: Reader thread

    /// Reads the device's octets until the stream ends, handing each message to `deliver`;
    /// returns why it ended.
    private static func read(
        _ stream: UCIStream, reassembler: UCIReassembler, tap: UCITraceTap, deliver: (UCIRawMessage) -> Void
    ) -> UCIClientError {
        var reassembler = reassembler
        reassembler.keepsPackets = tap.trace != nil
        while true {
            let octets: [UInt8]?
            do {
                octets = try stream.read(upTo: UCIClientConstants.readChunk)
            } catch {
                return error
            }
            guard let octets else { return .lost(stream.endpoint, reason: "the connection was closed") }
            reassembler.append(octets)
            let inputs = reassembler.drain()
            tap.record(reassembler.takePackets(), direction: .received)
            for case .success(let raw) in inputs {
                deliver(raw)
            }
        }
    }
}

/// A loop action carried through the dispatch queue: it runs only on the loop. `@unchecked
/// Sendable` for that reason.
private struct LoopAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
