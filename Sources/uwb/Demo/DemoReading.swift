import UWBCore

/// What one device knows about one peer at one moment of the demo.
struct DemoReading: Hashable, Sendable {
    /// The state of the device's session with the peer.
    enum State: Hashable, Sendable { case waiting, ranging, removed(reason: String), invalidated(reason: String) }
    /// The observing device's name.
    var device: String
    /// The peer device's name.
    var peer: String
    /// The virtual time of the update, since the demo started.
    var time: Duration
    /// The state of the device's session with the peer.
    var state: State
    /// NearbyInteraction's (filtered) distance, nil when not measured.
    var distance: Distance?
    /// Unit vector in NearbyInteraction's frame (+x right, +y up, −z out of the device's back), nil when not measured.
    var direction: Vector3?
    /// Azimuth, radians in the type, positive to the right (+x), nil when not measured.
    var horizontalAngle: Angle?
    /// Ground truth from the emulator, nil if unknown.
    var trueDistance: Distance?
}
