import DW1000Driver
import UWBCore

/// An emulated world on virtual time: devices with boards of virtual DW1000 or DW3000-family chips
/// in a medium, each driven by the real driver of its chips' family from its radio loop.
///
/// The same setup and seed always give the same run: events in an order that only the devices and
/// their names decide (`EventKey`), seeded random streams derived per device and per link, and
/// nothing that reads the wall clock. A world may be split into parts, each with a simulator of its
/// own that runs its devices' events on a thread of its own (decision 0030); it gives the same run
/// however it is split.
public final class Emulation {
    /// The simulator of the world's first part: the radio loop of every device when the world has
    /// one part, as it does unless made with ``init(seed:channelModel:obstacles:body:configuration:parts:)``.
    public var simulator: Simulator { parts[0].simulator }
    /// How many parts the world is split into.
    public var partCount: Int { parts.count }
    /// How many events the world's parts have run, all together: the same however the world is split.
    public var eventsRun: Int { parts.reduce(0) { $0 + $1.simulator.eventsRun } }
    /// What each part of the world did so far, in part order.
    public var partFigures: [PartFigures] { parts.map(\.figures) }
    /// The world's parts.
    let parts: [WorldPart]
    /// The medium the devices share.
    public let medium: Medium
    /// The radio configuration every device uses unless its setup gives its own
    /// (``DeviceSetup/configuration``).
    public let configuration: RadioConfig
    /// The devices, in the order they were added.
    public private(set) var devices: [EmulatedDevice] = []

    private let random: SeededRandom
    /// Whether the devices have been told that the loop starts.
    var started = false
    /// How many windows the world's parts have run (``WorldPart``).
    var window = 0
    /// The devices' names.
    private var names: Set<String> = []
    /// Messages other ranks sent for this rank's next run of a world split over processes (``RankedRun``).
    var nextRunMessages: [(source: Int, message: [UInt8])] = []

    /// An empty world in one part.
    public convenience init(
        seed: UInt64, channelModel: ChannelModel, obstacles: [Obstacle] = [], body: DeviceBodyModel = .standard,
        configuration: RadioConfig = .ranging
    ) {
        self.init(seed: seed, channelModel: channelModel, obstacles: obstacles, body: body, configuration: configuration,
                  partCount: 1)
    }

    /// An empty world split into `parts` parts, each run on a thread of its own; ``add(_:part:application:)``
    /// says which part each device goes to.
    ///
    /// - Throws: ``EmulationError/partCount(_:)`` if `parts` is below 1.
    public convenience init(
        seed: UInt64, channelModel: ChannelModel, obstacles: [Obstacle] = [], body: DeviceBodyModel = .standard,
        configuration: RadioConfig = .ranging, parts: Int
    ) throws(EmulationError) {
        guard parts >= 1 else { throw .partCount(parts) }
        self.init(seed: seed, channelModel: channelModel, obstacles: obstacles, body: body, configuration: configuration,
                  partCount: parts)
    }

    private init(
        seed: UInt64, channelModel: ChannelModel, obstacles: [Obstacle], body: DeviceBodyModel, configuration: RadioConfig,
        partCount: Int
    ) {
        var random = SeededRandom(seed: seed)
        let signals = PartSignals(parts: partCount)
        parts = (0..<partCount).map { WorldPart(index: $0, signals: signals) }
        self.medium = Medium(channelModel: channelModel, obstacles: obstacles, body: body,
                             random: random.split(label: "medium"), parts: parts)
        self.configuration = configuration
        self.random = random
    }

    /// Adds a device to part `part` of the world (the first by default), bringing its chips up through
    /// the real driver, with the software `application` makes for its radio, if any: the radio adopts
    /// it (``EmulatedRadio/adopt(_:)``), and it hears ``RadioEventHandler/radioStarted()`` when the
    /// emulation first runs. The device's events run on its part's simulator, and so does its software:
    /// software that several devices share must keep them in one part.
    ///
    /// - Throws: ``EmulationError/duplicateDevice(_:)`` if a device already has the setup's name;
    ///   ``EmulationError/noSuchPart(_:parts:)`` if the world has no part `part`;
    ///   ``EmulationError/driver(device:_:)`` if the driver fails on the virtual chips.
    @discardableResult
    public func add(
        _ setup: DeviceSetup, part: Int = 0, application: (EmulatedRadio) -> (any RadioEventHandler)? = { _ in nil }
    ) throws(EmulationError) -> EmulatedDevice {
        guard !names.contains(setup.name) else {
            throw .duplicateDevice(setup.name)
        }
        guard parts.indices.contains(part) else {
            throw .noSuchPart(part, parts: parts.count)
        }
        let simulator = parts[part].simulator
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
            name: setup.name, owner: simulator.makeOwner(device: setup.name), part: parts[part], chips: chips, antennaOffsets: setup.board.chips.map(\.antennaPosition.metres),
            secondPortOffsets: setup.board.chips.map { $0.antennaPositions.count > 1 ? $0.antennaPositions[1].metres : nil },
            trajectory: setup.trajectory, orientation: setup.orientation, band: setup.configuration?.channel)
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

    /// Frame counts per device so far, in device order.
    public var statistics: [DeviceStatistics] {
        medium.statistics
    }
}
