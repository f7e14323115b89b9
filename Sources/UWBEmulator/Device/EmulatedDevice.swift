import ChipDrivers
import Logging
import UWBCore

/// One emulated device: a board of virtual chips in the medium, the real driver of their family
/// on top of them (``BoardDrivers``: the DW1000 driver, or the DW3000 driver), and the radio loop
/// that services their interrupts for the software on the device (its ``radio``'s handler).
public final class EmulatedDevice {
    /// How long the radio loop takes to notice an interrupt and start reading the chip: 2 µs,
    /// a modelling choice for an in-process loop (a USB board takes hundreds of µs).
    public static let interruptLatency: Duration = .microseconds(2)
    /// ``interruptLatency`` in picoseconds, worked out once: converting a `Duration` is slow.
    private static let interruptLatencyPicoseconds = interruptLatency.picoseconds

    /// The device's name.
    public let name: String
    /// Its board.
    public let board: BoardDescription
    /// Its virtual chips, by chip select.
    public let chips: [any VirtualChip]
    /// Its radio: the drivers of its chips and the loop that services them, to which the software
    /// on the device (a ``RadioEventHandler``) is given.
    public let radio: EmulatedRadio

    private let simulator: Simulator
    private let node: MediumNode
    /// The owner of the device's events.
    private let owner: EventOwner
    private let bus: VirtualBoardBus
    private let drivers: [any Transceiver]
    private var serviceScheduled = false
    /// The one event that brings the radio loop round: at most one is scheduled at a time (``serviceScheduled``)
    /// and none is ever cancelled, so the device schedules the same one again rather than a new one per
    /// interrupt.
    private lazy var serviceEvent = ServiceEvent(device: self)
    /// Whether the radio's handler has heard that the unplugged board cannot be read; the loop stops
    /// servicing it then, since no interrupt can be cleared through a dead bus.
    private var lossReported = false

    /// Brings up the board's chips through the real driver of their family and configures them.
    ///
    /// - Throws: ``EmulationError/driver(device:_:)`` with the driver's error if it fails on the
    ///   virtual chips (a bug in either), or if the board mixes chip families.
    init(name: String, board: BoardDescription, chips: [any VirtualChip], node: MediumNode, medium: Medium,
         configuration: RadioConfig) throws(EmulationError) {
        self.name = name
        self.board = board
        self.chips = chips
        self.simulator = node.part.simulator
        self.part = node.part.index
        self.node = node
        self.owner = node.owner
        medium.attach(node)
        let bus = VirtualBoardBus(chips: chips)
        self.bus = bus
        do {
            var logger = BoardDrivers.logger(for: try BoardDrivers.family(of: board))
            logger[metadataKey: LogMetadataKey.emulatedDevice] = "\(name)"
            drivers = try BoardDrivers.bringUp(board, bus: bus, configuration: configuration, logger: logger)
        } catch {
            throw .driver(device: name, error.description)
        }
        radio = EmulatedRadio(
            deviceName: name, board: board, transceivers: drivers, configuration: configuration, simulator: node.part.simulator,
            owner: node.owner)
        node.interruptListener = self
    }

    /// The part of the world the device runs in (``Emulation/partCount``): 0 in a world of one part. Kept
    /// here rather than read through the medium's node, whose reference to its part does not keep the
    /// part alive: a device may outlive its `Emulation`.
    public let part: Int

    /// Whether the board is still attached (see ``unplug()``).
    public var isAttached: Bool { bus.isAttached }

    /// Pulls the board out, as a user pulls a USB board: from now on every driver operation fails
    /// with ``SPIBusError/disconnected(_:)`` (wrapped in ``TransceiverError/bus(_:)``), and the
    /// radio's handler hears of it through ``RadioEventHandler/radio(failed:onChip:)`` the next
    /// time the radio loop services an interrupt. The chips stay in the medium.
    public func unplug() {
        bus.unplug()
    }

    /// Hands the chips to a driver that runs elsewhere (on another thread, through
    /// ``SimulationThreadBus``, as a USB board's loop does): from now on this device's own radio loop
    /// no longer services their interrupts, and its radio's handler hears nothing more. The chips
    /// stay in the medium.
    public func releaseChips() {
        node.interruptListener = nil
        radio.detach()
    }

    /// Tells the radio's handler, if any, that the loop starts; what it schedules is the device's.
    func start() {
        simulator.withOwner(owner) {
            radio.handler?.radioStarted()
        }
    }

    /// One of the device's chips changed its IRQ line: the radio loop comes round if it is asserted.
    func interruptChanged(_ chip: any VirtualChip) {
        guard chip.interruptAsserted, !serviceScheduled, !lossReported else { return }
        scheduleService()
    }

    /// The radio loop's body: read and clear each asserted chip's events through the driver and
    /// hand them to the radio's handler; come back if a line is still asserted.
    func service() {
        serviceScheduled = false
        for (index, chip) in chips.enumerated() where chip.interruptAsserted {
            do {
                for event in try drivers[index].handleInterrupt() {
                    radio.handler?.radio(event, fromChip: index)
                }
            } catch {
                radio.record(error)
                radio.handler?.radio(failed: error, onChip: index)
            }
        }
        if !bus.isAttached {
            lossReported = true
            return
        }
        if chips.contains(where: \.interruptAsserted), !serviceScheduled {
            scheduleService()
        }
    }

    /// Has the radio loop come round ``interruptLatency`` from now.
    private func scheduleService() {
        serviceScheduled = true
        simulator.schedule(
            serviceEvent,
            at: SimulationTime(picoseconds: simulator.now.picoseconds + Self.interruptLatencyPicoseconds), owner: owner)
    }
}
