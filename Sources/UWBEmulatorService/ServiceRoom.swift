import UWBEmulator

/// One room an ``EmulatorService`` serves: its world, the devices left to apps, its plan, the
/// moves made so far and the scenario file it came from. Loading another scenario replaces it
/// whole (``EmulatorService/load(_:)``).
///
/// `@unchecked Sendable`: the devices are used only through the world's lock; the rest does not change.
final class ServiceRoom: @unchecked Sendable {
    /// The world, on its own virtual time.
    let world: LockstepWorld
    /// The devices apps may attach to, by name, with their place in the scenario.
    let devices: [String: (device: EmulatedDevice, order: Int)]
    /// Their names, in the order the service was given them.
    let free: [String]
    /// What the room is made of.
    let plan: RoomPlan
    /// The moves and turns made so far.
    let moves = MoveLog()
    /// The scenario file, if the service was given it.
    let document: ScenarioDocument?

    /// The room of `emulation` (set up, not yet run) whose devices named in `free` are left to apps,
    /// whose devices play the parts in positioning `positioning` gives by name, replaying `replaying` (checked against the room) and writing moves to `recorder` besides
    /// keeping them.
    ///
    /// - Throws: ``EmulatorServiceError/refused(_:)`` for a free device the emulation does not have;
    ///   ``EmulatorServiceError/moves(_:)`` for a replayed move the room cannot take.
    init(
        emulation: Emulation, free: [String], positioning: [String: PositioningRole], settings: EmulatorServiceSettings,
        replaying: [RecordedMove], recorder: MoveRecorder?, document: ScenarioDocument?
    ) throws(EmulatorServiceError) {
        var devices: [String: (EmulatedDevice, Int)] = [:]
        for name in free {
            guard let order = emulation.devices.firstIndex(where: { $0.name == name }) else {
                throw .refused("the scenario has no device \"\(name)\"")
            }
            let device = emulation.devices[order]
            device.releaseChips()
            devices[name] = (device, order)
        }
        self.devices = devices
        self.free = free
        self.document = document
        let plan = RoomPlan(
            extent: RoomExtent(trajectories: emulation.medium.nodes.map(\.trajectory), obstacles: emulation.medium.obstacles),
            obstacles: emulation.medium.obstacles,
            devices: emulation.devices.map { device in
                PlanDevice(
                    name: device.name, board: device.board.id, chips: device.board.chips.count,
                    driven: devices[device.name] == nil ? .scenario : .app,
                    findsDirections: device.board.coherentReceivers >= 2, positioning: positioning[device.name])
            })
        self.plan = plan
        let moves = moves
        world = LockstepWorld(emulation: emulation, settings: settings, replaying: replaying) { move in
            moves.append(move)
            recorder?.write(move)
        }
        for (index, move) in replaying.enumerated() {
            do throws(WorldCommandError) {
                guard RecordedMove.isRecorded(move.command) else { throw .invalid("only moves and turns are replayed") }
                try world.check(move.command, plan: plan)
            } catch {
                throw .moves(.malformed("move \(index + 1) (after \(move.events) events): \(error.description)"))
            }
        }
    }

    /// The room as an observer sees it now.
    func snapshot() -> EmulatorSnapshot {
        world.snapshot(free: Set(free))
    }
}
