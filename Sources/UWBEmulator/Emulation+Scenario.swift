import DW1000Driver
import UWBCore

extension Emulation {
    /// A world built from a scenario: its channel, obstacles and radio configuration, and each
    /// device with its board, true hardware, clock, movement and scripted traffic.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed.
    ///   - parts: how many parts to split the world into, each run on a thread of its own
    ///     (``ScenarioPartition`` says which devices go where); the run is the same for any number.
    ///   - together: groups of devices (indices into the scenario's) whose software is shared, which go
    ///     to one part.
    ///   - rogues: the software that carries out the attack of a device with a ``RogueSpec`` on
    ///     its radio (given the device, its short address and its radio), which the layers above
    ///     the emulator provide;
    ///     by default none, and rogue devices stay silent. An early-path rogue
    ///     (``RogueSpec/Behaviour/earlyPath(advance:victims:)``) needs none: the medium carries
    ///     out its attack on its victims' receptions.
    /// - Throws: ``EmulationError`` if the channel parameters are rejected, the world cannot be split
    ///   into `parts` parts, or the driver fails on the virtual chips.
    public convenience init(
        scenario: Scenario, seed: UInt64? = nil, parts: Int = 1, keepingTogether together: [[Int]] = [], rogues: (DeviceSpec, UInt16, EmulatedRadio) -> (any RadioEventHandler)? = { _, _, _ in nil }
    ) throws(EmulationError) {
        let model: ChannelModel
        do {
            model = try ChannelModel(
                kind: scenario.channel.model, channel: scenario.radio.channel,
                pathLossExponent: scenario.channel.pathLossExponent,
                shadowingDeviation: scenario.channel.shadowingDeviation, injectedFrameLoss: scenario.channel.frameLoss)
        } catch {
            throw .channel(error.description)
        }
        let runSeed = seed ?? scenario.seed
        let assignment = try ScenarioPartition.parts(of: scenario, count: parts, keepingTogether: together)
        try self.init(
            seed: runSeed, channelModel: model, obstacles: scenario.obstacles, configuration: scenario.radio, parts: parts)
        for (index, device) in scenario.devices.enumerated() {
            let hardware = device.board.chips.enumerated().map { chipIndex, chip in
                ChipHardware(
                    transmitAntennaDelay: device.antennaDelays[chipIndex].transmit,
                    receiveAntennaDelay: device.antennaDelays[chipIndex].receive,
                    phaseOffset: device.phaseOffsets?[chipIndex] ?? chip.calibration.phaseOffset,
                    extendedUniqueIdentifier: 0xDECA_0000_0000_0000 | UInt64(index) << 8 | UInt64(chipIndex),
                    transmitPower: device.transmitPower ?? LinkBudget.defaultTransmitLevel, phaseAtReset: device.phaseAtReset)
            }
            let setup = DeviceSetup(
                name: device.name, board: device.board, hardware: hardware, clockOffset: device.clock.offset,
                clockDrift: device.clock.driftPPMPerSqrtSecond,
                clockSteps: Dictionary(device.clock.steps.map { ($0.atSecond, $0.offset) }, uniquingKeysWith: { _, last in last }),
                trajectory: Trajectory(start: device.position, path: device.path), orientation: device.orientation,
                configuration: device.radio)
            let address = UInt16(truncatingIfNeeded: index + 1)
            try add(setup, part: assignment[index]) { radio in
                device.transmit.map { script -> any RadioEventHandler in
                    ScriptedTransmitter(
                        on: radio, interval: script.interval, start: script.start, payloadLength: script.payloadLength,
                        address: address)
                } ?? (device.rogue == nil ? nil : rogues(device, address, radio))
            }
        }
        for device in scenario.devices {
            guard let rogue = device.rogue, case .earlyPath(let advance, let victims) = rogue.behaviour else { continue }
            for victim in victims {
                try medium.advanceFirstPath(at: victim, by: advance, from: rogue.start)
            }
        }
    }
}
