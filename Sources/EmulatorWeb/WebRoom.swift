import UWBEmulator
import UWBEmulatorService

/// The room a ``RoomWebServer`` shows and steers: what it is made of, how it stands now, the
/// commands a page gives it, the scenarios a page may load in its place, the files of its run
/// a page may download and its chips' last impulse responses. ``EmulatorService`` is one; tests give the server a fake.
///
/// Every member but ``plan`` and ``loadable`` may wait for the room's lock: the server never calls
/// them on an event loop.
public protocol WebRoom: Sendable {
    /// What the room is made of, which changes only when another scenario is loaded.
    var plan: RoomPlan { get }
    /// The scenarios a page may load in place of the room, or why none.
    var loadable: LoadableScenarios { get }
    /// The room now, copied in one go.
    func snapshot() -> EmulatorSnapshot
    /// Does `command` at the virtual instant the room has reached and returns that instant.
    func perform(_ command: WorldCommand) throws(WorldCommandError) -> SimulationTime
    /// Replaces the room by the scenario `name`'s (one of ``loadable``), starting at virtual time 0;
    /// returns the name the scenario gives itself.
    func load(_ name: String) throws(ScenarioLoadError) -> String
    /// A file of the run so far, for a page to download.
    func file(_ file: RoomFile) throws(RoomFileError) -> RoomFileContents
    /// The channel impulse response of the last frame chip `chip` of device `device` (the plan's
    /// order, the board's chip index) kept, for the page's device panel; read-only.
    func lastImpulseResponse(device: Int, chip: Int) throws(ImpulseResponseError) -> ChipImpulseResponse
}

extension EmulatorService: WebRoom {}
