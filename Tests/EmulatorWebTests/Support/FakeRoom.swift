import Dispatch
import EmulatorWeb
import Synchronization
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// A room for the server under test: a plan, a snapshot the test sets (or that moves on by a
/// millisecond at every look, `running`), and commands recorded and answered as the world would;
/// it loads ``otherRoom`` (one device, `beacon`) and hands out a scenario and moves but no trace.
final class FakeRoom: WebRoom {
    private struct State {
        var plan: RoomPlan
        var snapshot: EmulatorSnapshot
        var running: Bool
        var performed: [WorldCommand] = []
    }

    /// The scenario it may load besides its own.
    static let otherRoom = "other-room"
    /// The text it hands out as its scenario.
    static let scenarioText = #"{"name":"test room","devices":[]}"#

    let loadable = LoadableScenarios(names: ["test-room", FakeRoom.otherRoom], refusal: nil)
    private let state: Mutex<State>
    /// With ``holdCommands``, every command waits for a signal here before it is performed, as a
    /// world busy between two events would keep it waiting.
    let commandGate = DispatchSemaphore(value: 0)
    private let holdCommands: Bool

    /// A room with `plan` (by default ``testPlan()``), whose snapshot starts as `snapshot`.
    init(plan: RoomPlan? = nil, snapshot: EmulatorSnapshot = FakeRoom.testSnapshot(), running: Bool = false, holdCommands: Bool = false) throws {
        self.holdCommands = holdCommands
        state = Mutex(State(plan: try plan ?? FakeRoom.testPlan(), snapshot: snapshot, running: running))
    }

    var plan: RoomPlan {
        state.withLock { $0.plan }
    }

    func load(_ name: String) throws(ScenarioLoadError) -> String {
        guard name == Self.otherRoom else { throw .unknown(name, allowed: loadable.names) }
        let beacon = Position(metres: Vector3(x: 1, y: 1, z: 1))
        state.withLock { state in
            state.plan = RoomPlan(
                extent: RoomExtent(trajectories: [.standing(at: beacon)], obstacles: []), obstacles: [],
                devices: [PlanDevice(name: "beacon", board: "ft232h-dw1000-single", chips: 1, driven: .app, findsDirections: false)])
            state.snapshot = EmulatorSnapshot(
                now: .zero, speed: 1, devices: [SnapshotDevice(name: "beacon", board: "ft232h-dw1000-single", position: beacon, isFree: true, app: nil)],
                links: [])
        }
        return "the other room"
    }

    func file(_ file: RoomFile) throws(RoomFileError) -> RoomFileContents {
        switch file {
        case .scenario: return RoomFileContents(fileName: "test \"room\".json", bytes: Array(Self.scenarioText.utf8))
        case .moves: return RoomFileContents(fileName: "test-room-moves.jsonl", bytes: [])
        case .trace: throw .unavailable("no trace here; start the service with --trace")
        }
    }

    func snapshot() -> EmulatorSnapshot {
        state.withLock { state in
            if state.running {
                state.snapshot.now = state.snapshot.now + .milliseconds(1)
            }
            return state.snapshot
        }
    }

    func perform(_ command: WorldCommand) throws(WorldCommandError) -> SimulationTime {
        if holdCommands {
            commandGate.wait()
        }
        return try state.withLock { (state) throws(WorldCommandError) -> SimulationTime in
            let names = state.plan.devices.map(\.name)
            switch command {
            case .move(let name, _), .rotate(let name, _):
                guard names.contains(name) else { throw .unknownDevice(name, available: names) }
            case .step:
                guard state.snapshot.paused else { throw .notPaused }
            default:
                break
            }
            state.performed.append(command)
            return state.snapshot.now
        }
    }

    /// The commands performed so far.
    var performed: [WorldCommand] {
        state.withLock { $0.performed }
    }

    /// Changes the snapshot.
    func update(_ change: (inout EmulatorSnapshot) -> Void) {
        state.withLock { change(&$0.snapshot) }
    }

    /// Two devices (a phone that finds directions, driven by an app; a scripted tag), a concrete wall and a lossy cabinet.
    static func testPlan() throws -> RoomPlan {
        let phone = Position(metres: Vector3(x: 0, y: 1, z: 0)), tag = Position(metres: Vector3(x: 3, y: 1, z: -2))
        let obstacles = [
            try Obstacle(
                name: "wall", minimum: Position(metres: Vector3(x: -1, y: 0, z: -3.1)), maximum: Position(metres: Vector3(x: 3, y: 2.5, z: -2.9)),
                material: .concrete, thickness: Distance(metres: 0.2)),
            try Obstacle(
                name: "cabinet", minimum: Position(metres: Vector3(x: 1, y: 0, z: 0.5)), maximum: Position(metres: Vector3(x: 1.5, y: 1, z: 1)),
                attenuation: PowerRatio(decibels: 6)),
        ]
        return RoomPlan(
            extent: RoomExtent(trajectories: [.standing(at: phone), .standing(at: tag)], obstacles: obstacles),
            obstacles: obstacles,
            devices: [
                PlanDevice(name: "phone", board: "ft232h-dw1000-triple", chips: 3, driven: .app, findsDirections: true),
                PlanDevice(
                    name: "tag", board: "ft232h-dw1000-single", chips: 1, driven: .scenario, findsDirections: false,
                    positioning: .anchor(
                        cluster: "hall", surveyedPosition: Position(metres: Vector3(x: 3.1, y: 1, z: -2)),
                        floor: FloorElevation(floorNumber: 2, heightAboveFloor: Distance(metres: 1)))),
            ])
    }

    /// The phone and the tag 1.234567 s in, with a third device whose link carried nothing.
    static func testSnapshot() -> EmulatorSnapshot {
        EmulatorSnapshot(
            now: SimulationTime(picoseconds: 1_234_567_000_000), speed: 1, paused: false,
            devices: [
                SnapshotDevice(
                    name: "phone", board: "ft232h-dw1000-triple", position: Position(metres: Vector3(x: 0, y: 1, z: 0)), yaw: .zero,
                    isFree: true, app: AttachedApp(processID: 41230, name: "uwb")),
                SnapshotDevice(
                    name: "tag", board: "ft232h-dw1000-single", position: Position(metres: Vector3(x: 3, y: 1, z: -2)), yaw: .degrees(90),
                    clockOffset: ClockOffset(partsPerMillion: -12.3456), isFree: false, app: nil),
                SnapshotDevice(
                    name: "laptop", board: "ft232h-dw1000-single", position: Position(metres: Vector3(x: -1, y: 1, z: 1)), yaw: .degrees(-45.5),
                    isFree: true, app: AttachedApp(processID: nil, name: "")),
            ],
            links: [
                SnapshotLink(first: 0, second: 1, trueDistance: Distance(metres: 3.605551275), framesToSecond: 12, framesToFirst: 11),
                SnapshotLink(first: 0, second: 2, trueDistance: Distance(metres: 1.414213562), framesToSecond: 0, framesToFirst: 0),
            ])
    }
}
