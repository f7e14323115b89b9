import Foundation
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The SPI bus of a device of the emulator service (`uwb emulator serve`): every transaction,
/// interrupt read and reset goes over the service's Unix socket (``EmulatorWire``), so the app's
/// own DW1000 driver drives the virtual chips, as it would a USB board.
///
/// The app and the service's world share one virtual time in turns: transactions run during the
/// app's turn, while the world stands still, and ``waitForTurn(chips:until:giveUp:)`` hands the
/// turn back until an interrupt line rises or a virtual deadline comes (``ServiceTurns``). A
/// service that goes away, or ends the connection with an error, turns the next operation into
/// ``SPIBusError/disconnected(_:)``.
final class EmulatorSocketBus: SPIBus {
    let chipCount: Int
    /// Raised from any thread to ask for the turn back during a wait.
    let wakeSignal: WakeSignal
    /// The world's virtual time when this turn began. Loop only.
    private(set) var now: SimulationTime
    private let socket: UnixSocket

    /// Attaches to `device` of the service at `path`, waits for the first turn, and returns the
    /// bus and the device's board.
    ///
    /// - Throws: ``DeviceChoiceError`` naming the service's problem.
    static func attach(to device: String, at path: String, searchPaths: [String] = BoardCatalog.defaultSearchPaths)
        throws(DeviceChoiceError) -> (EmulatorSocketBus, BoardDescription) {
        do throws(EmulatorServiceError) {
            let socket = try UnixSocket.connect(to: path)
            try EmulatorWire.send(EmulatorRequest.hello(version: EmulatorWire.version, device: device).encoded, on: socket)
            switch try EmulatorReply(decoding: EmulatorWire.receive(from: socket)) {
            case .welcome(let version, let boardID, let now):
                guard version == EmulatorWire.version else { throw .versionMismatch(client: EmulatorWire.version, service: version) }
                let board: BoardDescription
                do {
                    board = try BoardCatalog.board(named: boardID, searchPaths: searchPaths)
                } catch {
                    throw EmulatorServiceError.refused(
                        "the device's board \(boardID) is not in this client's board catalog: \(error); the service runs a board "
                            + "of its own: set \(BoardCatalog.directoryEnvironmentVariable) to the directory of its description")
                }
                let wakeSignal: WakeSignal
                do {
                    wakeSignal = try WakeSignal()
                } catch {
                    throw EmulatorServiceError.connectionLost(error.description)
                }
                return (EmulatorSocketBus(socket: socket, chipCount: board.chips.count, now: now, wakeSignal: wakeSignal), board)
            case .error(let message):
                throw .answered(message)
            case let other:
                throw .malformed("\(other) instead of WELCOME")
            }
        } catch {
            throw .emulatorServiceFailed(device: device, reason: error.description)
        }
    }

    private init(socket: UnixSocket, chipCount: Int, now: SimulationTime, wakeSignal: WakeSignal) {
        self.socket = socket
        self.chipCount = chipCount
        self.now = now
        self.wakeSignal = wakeSignal
    }

    deinit {
        socket.close()
    }

    /// Closes the connection, so that the service frees the device for the next app.
    func release() {
        socket.close()
    }

    /// True: each message is a socket round trip and a turn of the service's thread, so a batch
    /// goes as one TRANSFERS message.
    var batchingReducesCost: Bool { true }

    func transfer(_ transaction: SPITransaction, on chip: ChipSelect) throws(SPIBusError) -> [UInt8] {
        guard case .data(let octets) = try exchange(.transfer(chip: chip.index, transaction)) else {
            throw .transferFailed("the emulator service answered a transaction with something else")
        }
        return octets
    }

    /// Sends the batch as TRANSFERS messages, as many transactions in each as fit.
    func transfer(_ transactions: [SPITransaction], on chip: ChipSelect) throws(SPIBusError) -> [[UInt8]] {
        var answers: [[UInt8]] = []
        var rest = transactions[...]
        while !rest.isEmpty {
            var count = min(rest.count, Int(UInt8.max))
            while count > 1, EmulatorRequest.transfers(chip: chip.index, Array(rest.prefix(count))).encoded.count
                > EmulatorWire.maximumLength {
                count /= 2
            }
            let batch = Array(rest.prefix(count))
            guard case .batch(let read) = try exchange(.transfers(chip: chip.index, batch)), read.count == batch.count else {
                throw .transferFailed("the emulator service answered a batch with something else")
            }
            answers += read
            rest = rest.dropFirst(count)
        }
        return answers
    }

    /// The chip's interrupt line as it is: during a turn the world stands still, so there is
    /// nothing to wait for (the loop waits with ``waitForTurn(chips:until:giveUp:)``).
    func waitForInterrupt(on chip: ChipSelect, until deadline: ContinuousClock.Instant) throws(SPIBusError) -> Bool {
        guard case .level(let high) = try exchange(.interrupt(chip: chip.index)) else {
            throw .transferFailed("the emulator service answered an IRQ read with something else")
        }
        return high
    }

    func reset(_ chip: ChipSelect) throws(SPIBusError) {
        guard case .done = try exchange(.reset(chip: chip.index)) else {
            throw .transferFailed("the emulator service answered a reset with something else")
        }
    }

    /// Ends this turn and blocks until the next: until one of `chips`' interrupt lines (bit n for
    /// chip n) rises or virtual time reaches `deadline`. A raised ``wakeSignal`` asks for the turn
    /// back at once, unless `giveUp` says the loop is stopping, which returns at once with no lines
    /// (the connection is then unusable). Returns the lines when the turn comes back and moves
    /// ``now`` to its time.
    func waitForTurn(chips: UInt8, until deadline: SimulationTime?, giveUp: () -> Bool) throws(SPIBusError) -> UInt8 {
        try carry { () throws(EmulatorServiceError) -> UInt8 in
            try EmulatorWire.send(EmulatorRequest.wait(chips: chips, deadline: deadline).encoded, on: socket)
            var askedToWake = false
            while try !socket.waitForInput(orWakeFrom: wakeSignal) {
                if giveUp() { return 0 }
                if !askedToWake {
                    try EmulatorWire.send(EmulatorRequest.wake.encoded, on: socket)
                    askedToWake = true
                }
            }
            guard case .woke(let time, let lines) = try reply() else {
                throw .malformed("the emulator service ended a wait with something other than WOKE")
            }
            now = time
            return lines
        }
    }

    /// Tells the service what a session measured or where the device's positioning put it
    /// (`report`: REPORT or REPORT POSITION, no reply), during the turn: the loop reports only while
    /// it works. A lost connection is not reported here: the next transaction or wait fails with it.
    func report(_ report: EmulatorRequest) {
        try? EmulatorWire.send(report.encoded, on: socket)
    }

    /// Sends a request and returns the reply.
    private func exchange(_ request: EmulatorRequest) throws(SPIBusError) -> EmulatorReply {
        try carry { () throws(EmulatorServiceError) in
            try EmulatorWire.send(request.encoded, on: socket)
            return try reply()
        }
    }

    /// The next reply; an ERROR (after which the service closes) is a lost connection.
    private func reply() throws(EmulatorServiceError) -> EmulatorReply {
        let reply = try EmulatorReply(decoding: EmulatorWire.receive(from: socket))
        if case .error(let message) = reply { throw .connectionLost("the service ended the connection: \(message)") }
        return reply
    }

    /// Runs `body`; a lost connection is a disconnected bus, anything else a failed transfer.
    private func carry<Result>(_ body: () throws(EmulatorServiceError) -> Result) throws(SPIBusError) -> Result {
        do {
            return try body()
        } catch {
            if case .connectionLost = error { throw .disconnected(error.description) }
            throw .transferFailed(error.description)
        }
    }
}
