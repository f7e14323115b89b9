import DW1000Driver
import UWBCore

/// An emulated world on virtual time: devices with boards of virtual DW1000 or DW3000-family chips
/// in a medium, each driven by the real driver of its chips' family from its radio loop.
///
/// The same setup and seed always give the same run: one event queue, seeded random streams
/// derived per device and per link, and nothing that reads the wall clock.
public final class Emulation {
    /// The simulator: the radio loop of every device.
    public let simulator = Simulator()
    /// The medium the devices share.
    public let medium: Medium
    /// The radio configuration every device uses unless its setup gives its own
    /// (``DeviceSetup/configuration``).
    public let configuration: RadioConfig
    /// The devices, in the order they were added.
    public private(set) var devices: [EmulatedDevice] = []

    private let random: SeededRandom
    private var started = false
    /// The devices' names.
    private var names: Set<String> = []

    /// An empty world.
    public init(
        seed: UInt64, channelModel: ChannelModel, obstacles: [Obstacle] = [], body: DeviceBodyModel = .standard,
        configuration: RadioConfig = .ranging
    ) {
        var random = SeededRandom(seed: seed)
        self.medium = Medium(simulator: simulator, channelModel: channelModel, obstacles: obstacles, body: body,
                             random: random.split(label: "medium"))
        self.configuration = configuration
        self.random = random
    }

    /// Adds a device, bringing its chips up through the real driver, with the software
    /// `application` makes for its radio, if any: the radio adopts it (``EmulatedRadio/adopt(_:)``),
    /// and it hears ``RadioEventHandler/radioStarted()`` when the emulation first runs.
    ///
    /// - Throws: ``EmulationError/duplicateDevice(_:)`` if a device already has the setup's name;
    ///   ``EmulationError/driver(device:_:)`` if the driver fails on the virtual chips.
    @discardableResult
    public func add(
        _ setup: DeviceSetup, application: (EmulatedRadio) -> (any RadioEventHandler)? = { _ in nil }
    ) throws(EmulationError) -> EmulatedDevice {
        guard !names.contains(setup.name) else {
            throw .duplicateDevice(setup.name)
        }
        var stream = random.derived(label: "device \(setup.name)")
        let oscillator = Oscillator(
            offset: setup.clockOffset, drift: setup.clockDrift, random: stream.split(label: "oscillator"), jumps: setup.clockSteps)
        let chips = setup.hardware.enumerated().map { index, hardware -> any VirtualChip in
            let name = "\(setup.name)/CS\(index)"
            let counterPhase = stream.uniform(0...Double(DeviceClock.maximumTicks))
            let random = stream.split(label: "chip \(index)")
            let model = setup.board.chips.indices.contains(index) ? setup.board.chips[index].model : .dw1000
            switch model.family {
            case .dw1000:
                return VirtualDW1000(
                    name: name, hardware: hardware, oscillator: oscillator, counterPhase: counterPhase, random: random)
            case .dw3000:
                return VirtualDW3000(
                    name: name, model: model, hardware: hardware, oscillator: oscillator, counterPhase: counterPhase,
                    random: random)
            }
        }
        let node = MediumNode(
            name: setup.name, owner: simulator.makeOwner(device: setup.name), chips: chips, antennaOffsets: setup.board.chips.map(\.antennaPosition.metres),
            secondPortOffsets: setup.board.chips.map { $0.antennaPositions.count > 1 ? $0.antennaPositions[1].metres : nil },
            trajectory: setup.trajectory, orientation: setup.orientation)
        let device = try simulator.withOwner(node.owner) { () throws(EmulationError) in
            try EmulatedDevice(
                name: setup.name, board: setup.board, chips: chips, node: node, medium: medium,
                configuration: setup.configuration ?? configuration)
        }
        if let handler = application(device.radio) {
            device.radio.adopt(handler)
        }
        devices.append(device)
        names.insert(setup.name)
        return device
    }

    /// The radio of the device called `deviceName`: how software above the emulator (a
    /// NearbyInteraction device service, `DeviceService(radio:)`) ranges on it.
    ///
    /// - Throws: ``EmulationError/unknownDevice(_:available:)`` if no device has that name.
    public func radio(_ deviceName: String) throws(EmulationError) -> EmulatedRadio {
        guard let device = devices.first(where: { $0.name == deviceName }) else {
            throw .unknownDevice(deviceName, available: devices.map(\.name))
        }
        return device.radio
    }

    /// Tells the radios' handlers that the loop starts (once) and runs the world until `end`, as fast as it can, or
    /// paced against the wall clock at `rate` virtual seconds per wall second.
    public func run(until end: SimulationTime, pacing: Pacing? = nil, rate: Double = 1) {
        if !started {
            started = true
            for device in devices {
                device.start()
            }
        }
        if let pacing {
            simulator.run(until: end, pacing: pacing, rate: rate)
        } else {
            simulator.run(until: end)
        }
    }

    /// Frame counts per device so far, in device order.
    public var statistics: [DeviceStatistics] {
        medium.statistics
    }
}
