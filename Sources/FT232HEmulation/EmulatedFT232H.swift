import Foundation
import FT232H
import UWBCore
import UWBEmulator

/// An FT232H at the byte level, for tests: the USB link (``FT232HLink``) of an FT232H whose MPSSE
/// drives virtual DW1000 chips, so that ``FT232HSPIBus`` and the real DW1000 driver run without
/// libusb.
///
/// Bulk OUT octets go through an ``MPSSEInterpreter`` to an ``EmulatedBoardWiring``; the octets
/// the chip sends back are queued and handed out in IN transfers with the status octets `32 60`
/// at every packet boundary (`Docs/reference/ftdi-mpsse.md` §3, §7.3). An IN transfer with nothing queued is a
/// status-only packet, as when a real chip's latency timer expires; queued data is handed out at
/// once, as if the timer had just expired. Vendor requests: reset and purges, latency timer (get
/// and set), bit mode, read pins, modem status, and the UART settings (accepted and ignored).
///
/// Not thread-safe, like the bus it serves.
public final class EmulatedFT232H: FT232HLink {
    /// The bulk packet size: 512 (high speed) or 64 (full speed).
    public let maxPacketSize: Int
    /// The board side: pins and chips.
    public let wiring: EmulatedBoardWiring
    /// The MPSSE command processor's state.
    public private(set) var interpreter = MPSSEInterpreter()
    /// Every vendor request received, in order.
    public private(set) var controlRequests: [EmulatedControlRequest] = []
    /// Every bulk OUT transfer received, in order.
    public private(set) var bulkWrites: [[UInt8]] = []
    /// Every bulk IN transfer sent, in order.
    public private(set) var bulkReads: [[UInt8]] = []
    /// The latency timer in ms (16 after power-up, AN232B-04).
    public private(set) var latencyTimer: UInt8 = 16
    /// The bit mode set last (wValue high octet of SET_BITMODE), 0 after power-up.
    public private(set) var bitMode: UInt8 = FTDIBitMode.reset.rawValue
    /// Whether the board is still attached (see ``unplug()``).
    public private(set) var isAttached = true

    /// For tests: how many status-only IN transfers to send before each answer, as a chip
    /// whose latency timer expires before the answer is ready does. `Int.max` never answers.
    public var statusOnlyReadsBeforeAnswer = 0
    /// For tests: the most packets one IN transfer carries (`nil`: as many as the buffer holds).
    public var packetsPerRead: Int?
    /// For measurements: how long each IN transfer takes on the wall clock, standing in for a
    /// real board's USB latency (the host's polling of the bulk endpoint, the chip's processing).
    /// Zero by default.
    public var readLatency: Duration = .zero

    /// Octets waiting to go to the host.
    private var inQueue: [UInt8] = []
    /// Status-only transfers still to send before the queued answer.
    private var statusOnlyReadsPending = 0
    /// USB calls still to succeed before the board is pulled out (see ``unplug(afterCalls:)``).
    private var callsBeforeUnplug: Int?

    /// An FT232H wired to `chips` (by chip-select index) as `board` says.
    public convenience init(board: BoardDescription, chips: [any VirtualChip], maxPacketSize: Int = 512) {
        self.init(board: board, chipBus: VirtualBoardBus(chips: chips), maxPacketSize: maxPacketSize)
    }

    /// An FT232H wired to the chips behind `chipBus` as `board` says: a ``SimulationThreadBus`` for
    /// chips in an emulation running on its own thread.
    public init(board: BoardDescription, chipBus: any SPIBus, maxPacketSize: Int = 512) {
        self.maxPacketSize = maxPacketSize
        self.wiring = EmulatedBoardWiring(board: board, chipBus: chipBus)
    }

    /// Pulls the board out: every later call throws ``SPIBusError/disconnected(_:)``.
    public func unplug() {
        isAttached = false
    }

    /// Pulls the board out after `calls` more USB calls (bulk or control) have succeeded, for
    /// example between the OUT and the IN transfer of one exchange with `calls` = 1.
    public func unplug(afterCalls calls: Int) {
        callsBeforeUnplug = max(0, calls)
    }

    /// The clock divisors set with 0x86, in order.
    public var clockDivisors: [UInt16] { interpreter.clockDivisorsSet }

    /// Runs the MPSSE commands and queues their answer.
    ///
    /// - Throws: ``SPIBusError/disconnected(_:)`` once unplugged, ``SPIBusError/transferFailed(_:)``
    ///   outside MPSSE mode or for a stream the emulator refuses.
    public func write(_ octets: [UInt8], timeout: Duration) throws(SPIBusError) {
        try checkAttached()
        guard bitMode == FTDIBitMode.mpsse.rawValue else {
            throw .transferFailed("bulk OUT in bit mode 0x\(String(bitMode, radix: 16)); the emulated FT232H runs MPSSE only, set bit mode 0x02 first")
        }
        bulkWrites.append(octets)
        let answer: [UInt8]
        do {
            answer = try interpreter.execute(octets, on: wiring)
        } catch {
            throw .transferFailed(error.description)
        }
        _ = interpreter.takeFlushRequest()
        if !answer.isEmpty {
            inQueue += answer
            statusOnlyReadsPending = statusOnlyReadsBeforeAnswer
        }
    }

    /// Hands out queued octets in packets of `32 60` + up to `maxPacketSize − 2` octets, or one
    /// status-only packet.
    ///
    /// - Throws: ``SPIBusError/disconnected(_:)`` once unplugged, ``SPIBusError/transferFailed(_:)``
    ///   if `capacity` is not a positive multiple of ``maxPacketSize`` (libusb would overflow).
    public func read(capacity: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        try checkAttached()
        if readLatency > .zero {
            Thread.sleep(forTimeInterval: readLatency.secondsValue)
        }
        guard capacity >= maxPacketSize, capacity % maxPacketSize == 0 else {
            throw .transferFailed("an IN buffer of \(capacity) octets; use a multiple of the \(maxPacketSize)-octet packet size")
        }
        var transfer: [UInt8] = []
        if statusOnlyReadsPending > 0 || inQueue.isEmpty {
            statusOnlyReadsPending = statusOnlyReadsPending == .max ? .max : max(0, statusOnlyReadsPending - 1)
            transfer = FT232HPacketStream.idleStatus
        } else {
            let packets = min(capacity / maxPacketSize, packetsPerRead ?? .max)
            let perPacket = maxPacketSize - FT232HPacketStream.statusLength
            for _ in 0..<packets where !inQueue.isEmpty {
                let count = min(perPacket, inQueue.count)
                transfer += FT232HPacketStream.idleStatus + inQueue.prefix(count)
                inQueue.removeFirst(count)
            }
        }
        bulkReads.append(transfer)
        return transfer
    }

    /// Carries out a vendor request with no data stage.
    ///
    /// - Throws: ``SPIBusError/disconnected(_:)`` once unplugged, ``SPIBusError/transferFailed(_:)``
    ///   for a wrong interface, value or request.
    public func control(request: UInt8, value: UInt16, index: UInt16, timeout: Duration) throws(SPIBusError) {
        try checkAttached()
        try checkInterface(index)
        controlRequests.append(EmulatedControlRequest(request: request, value: value, index: index))
        switch FTDIRequest(rawValue: request) {
        case .reset:
            switch FTDIResetValue(rawValue: value) {
            case .resetSIO:
                inQueue = []
                interpreter.purge()
            case .purgeHostToChip:
                interpreter.purge()
            case .purgeChipToHost:
                inQueue = []
            case nil:
                throw .transferFailed("SIO_RESET with wValue \(value); use 0 (reset), 1 (purge host→chip) or 2 (purge chip→host)")
            }
        case .setLatencyTimer:
            guard (1...255).contains(value) else {
                throw .transferFailed("a latency timer of \(value) ms; the FT232H takes 1...255 ms")
            }
            latencyTimer = UInt8(value)
        case .setBitMode:
            bitMode = UInt8(value >> 8)
        case .setModemControl, .setFlowControl, .setBaudRate, .setData, .setEventCharacter, .setErrorCharacter:
            break
        case .pollModemStatus, .getLatencyTimer, .readPins, nil:
            throw .transferFailed("vendor request 0x\(String(request, radix: 16)) is not a host-to-device request the emulated FT232H knows")
        }
    }

    /// Answers a vendor request with a data stage: modem status, latency timer, ADBUS pin levels.
    ///
    /// - Throws: as ``control(request:value:index:timeout:)``.
    public func controlIn(request: UInt8, value: UInt16, index: UInt16, length: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        try checkAttached()
        try checkInterface(index)
        controlRequests.append(EmulatedControlRequest(request: request, value: value, index: index))
        let answer: [UInt8]
        switch FTDIRequest(rawValue: request) {
        case .pollModemStatus: answer = FT232HPacketStream.idleStatus
        case .getLatencyTimer: answer = [latencyTimer]
        case .readPins: answer = [wiring.readPins(.low)]
        default:
            throw .transferFailed("vendor request 0x\(String(request, radix: 16)) is not a device-to-host request the emulated FT232H knows")
        }
        return Array(answer.prefix(max(0, length)))
    }

    /// Counts down to a planned unplug and fails once the board is gone.
    private func checkAttached() throws(SPIBusError) {
        if let remaining = callsBeforeUnplug {
            if remaining == 0 {
                isAttached = false
                callsBeforeUnplug = nil
            } else {
                callsBeforeUnplug = remaining - 1
            }
        }
        guard isAttached else { throw .disconnected("the emulated FT232H was unplugged") }
    }

    /// wIndex 0 (libftd2xx) or 1 (libftdi, pyftdi) both name the only interface (`Docs/reference/ftdi-mpsse.md` §2).
    private func checkInterface(_ index: UInt16) throws(SPIBusError) {
        guard index <= 1 else {
            throw .transferFailed("wIndex \(index); the FT232H has one interface, address it as 1 (or 0)")
        }
    }
}
