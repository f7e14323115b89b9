import UWBEmulator
import UWBEmulatorService

/// The room a ``RoomWebServer`` shows and steers: what it is made of, how it stands now, and the
/// commands a page gives it. ``EmulatorService`` is one; tests give the server a fake.
public protocol WebRoom: Sendable {
    /// What the room is made of, which does not change while it runs.
    var plan: RoomPlan { get }
    /// The room now, copied in one go.
    func snapshot() -> EmulatorSnapshot
    /// Does `command` at the virtual instant the room has reached and returns that instant. It may
    /// wait for the room's lock: the server never calls it on an event loop.
    func perform(_ command: WorldCommand) throws(WorldCommandError) -> SimulationTime
}

extension EmulatorService: WebRoom {}
