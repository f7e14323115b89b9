import ChipDrivers
import Logging
import UWBCore

/// One emulated device: a board of virtual chips in the medium, the real driver of their family
/// on top of them (``BoardDrivers``: the DW1000 driver, or the DW3000 driver), and the radio loop
/// that services their interrupts for an application.
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
    /// The drivers and timers its application uses.
    public let radio: DeviceRadio
    /// The application driving the radio, if any.
    public var application: DeviceApplication? {
        get { runningApplication }
        set { runningApplication = newValue }
    }

    /// The storage behind ``application``, read on every interrupt: as a private property, all
    /// its accesses are visible to the optimiser, which can then leave out the runtime
    /// exclusivity checks a public stored property of a class needs.
    private var runningApplication: DeviceApplication?

    private let simulator: Simulator
    private let node: MediumNode
    private let bus: VirtualBoardBus
    private let drivers: [any Transceiver]
    private var serviceScheduled = false
    /// Whether the application has heard that the unplugged board cannot be read; the loop stops
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
        self.simulator = medium.simulator
        self.node = node
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
        radio = DeviceRadio(name: name, transceivers: drivers, configuration: configuration, simulator: medium.simulator)
        // `unowned`: the device owns its chips, whose ports (owned by the medium, which the
        // `Emulation` owns with the device) call this only while the device's chips run.
        node.interruptHandler = { [unowned self] chip in
            self.interruptChanged(chip)
        }
    }

    /// Whether the board is still attached (see ``unplug()``).
    public var isAttached: Bool { bus.isAttached }

    /// Pulls the board out, as a user pulls a USB board: from now on every driver operation fails
    /// with ``SPIBusError/disconnected(_:)`` (wrapped in ``TransceiverError/bus(_:)``), and the
    /// application hears of it through its application's `handle(_:fromChip:on:)` for errors
    /// the next time the radio loop services an interrupt. The chips stay in the medium.
    public func unplug() {
        bus.unplug()
    }

    /// Hands the chips to a driver that runs elsewhere (on another thread, through
    /// ``SimulationThreadBus``, as a USB board's loop does): from now on this device's own radio loop
    /// no longer services their interrupts, and its application hears nothing more. The chips stay
    /// in the medium.
    public func releaseChips() {
        node.interruptHandler = { _ in }
        runningApplication = nil
    }

    /// Starts the application, if any.
    func start() {
        runningApplication?.start(on: radio)
    }

    private func interruptChanged(_ chip: any VirtualChip) {
        guard chip.interruptAsserted, !serviceScheduled, !lossReported else { return }
        scheduleService()
    }

    /// The radio loop's body: read and clear each asserted chip's events through the driver and
    /// hand them to the application; come back if a line is still asserted.
    func service() {
        serviceScheduled = false
        for (index, chip) in chips.enumerated() where chip.interruptAsserted {
            do {
                for event in try drivers[index].handleInterrupt() {
                    runningApplication?.handle(event, fromChip: index, on: radio)
                }
            } catch {
                radio.record(error)
                runningApplication?.handle(error, fromChip: index, on: radio)
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
            ServiceEvent(device: self),
            at: SimulationTime(picoseconds: simulator.now.picoseconds + Self.interruptLatencyPicoseconds))
    }
}
