import Foundation
import NearbyInteraction
import UWBCore
import UWBEmulator

/// The usual two-device setup: Alice at the origin and Bob somewhere else, each with one session on
/// their own device and a recorder as its delegate.
///
/// Holding the pair holds the sessions: a session the app lets go of ends (and says goodbye), so a
/// test must keep the pair alive as long as it wants them to range.
struct SessionPair {
    let world: SessionWorld
    let alice: NISession
    let aliceLog: SessionRecorder
    let bob: NISession
    let bobLog: SessionRecorder

    /// Alice at the origin, standing and facing −z, and Bob at `bob` (or walking `bobTrajectory`),
    /// facing −z turned by `bobYaw`, on the given boards, with `frameLoss` of the frames lost at
    /// every receiver; their sessions are made but not run.
    ///
    /// Each device's body shadows its front (+z): a peer heard through it has no line of sight,
    /// hence no direction (`DeviceBodyModel`). For Alice to measure Bob's direction, Bob must turn
    /// his back to her too (``facingOrigin(from:)``).
    init(
        bob: Vector3, bobTrajectory: Trajectory? = nil, bobYaw: Angle = .zero, aliceBoard: String = "ft232h-dw1000-single",
        bobBoard: String = "ft232h-dw1000-single", obstacles: [Obstacle] = [], frameLoss: Double = 0,
        settings: DeviceServiceSettings = DeviceServiceSettings()
    ) throws {
        world = try SessionWorld(
            devices: [
                SessionWorld.device("alice", board: aliceBoard, at: .zero),
                SessionWorld.device("bob", board: bobBoard, at: bob, yaw: bobYaw, trajectory: bobTrajectory),
            ],
            obstacles: obstacles, frameLoss: frameLoss, settings: settings)
        aliceLog = SessionRecorder(name: "alice")
        bobLog = SessionRecorder(name: "bob")
        alice = try world.session(on: "alice", recorder: aliceLog)
        self.bob = try world.session(on: "bob", recorder: bobLog)
    }

    /// Alice and Bob `metres` apart along x, their sessions run and ranging for `duration`.
    static func ranging(
        metres: Double = 4, for duration: Duration = .seconds(2), settings: DeviceServiceSettings = DeviceServiceSettings()
    ) throws -> SessionPair {
        let pair = try SessionPair(bob: Vector3(x: metres, y: 0, z: 0), settings: settings)
        try pair.run()
        pair.world.advance(by: duration)
        return pair
    }

    /// The yaw that turns a device at `position` (level with the origin) to face the origin with its
    /// back (−z), as two people holding their phones up toward each other do.
    static func facingOrigin(from position: Vector3) -> Angle {
        // Turned by ψ, a device's −z points along (−sin ψ, 0, −cos ψ); toward the origin is −position.
        Angle(radians: atan2(position.x, position.z))
    }

    /// Both recorders, Alice's first.
    var logs: [SessionRecorder] { [aliceLog, bobLog] }

    /// Swaps the two sessions' tokens as archived data and runs both.
    func run(interval: Duration? = nil) throws {
        try SessionWorld.pair(alice, bob, interval: interval)
    }

    /// Runs both again with the configurations they last ran (after a removal or a pause).
    func runAgain() throws {
        for session in [alice, bob] {
            guard let configuration = session.configuration else { throw SessionWorldError.noConfiguration }
            session.run(configuration)
        }
    }
}
