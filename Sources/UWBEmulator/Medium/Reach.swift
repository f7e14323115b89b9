/// Which devices a device that stands still can reach with its frames: the medium works it out
/// from one frame and, while the sender keeps sending from the same chip at the same level to the
/// same devices, carries its later frames only to these receivers.
///
/// A receiver that stands still and got that frame below the medium's interference floor gets
/// every such frame at the same level (the geometry and the shadowing are fixed), so it never
/// hears them and none of them can spoil another frame there: leaving it out changes nothing but
/// its link's random stream, which ``skippedFrames`` lets the medium bring up to date before the
/// link is drawn again. Receivers that move are always in ``receivers``: their level changes.
struct Reach {
    /// The sending chip the reach is for.
    let senderChip: Int
    /// The transmit level, in dBm, the reach is for.
    let transmitLevel: Double
    /// How many devices the medium had when it was worked out.
    let devices: Int
    /// The receivers carried every frame, in device order: those that move, and those that
    /// stand still and get the sender's frames at or above the floor.
    let receivers: [Int]
    /// Frames sent since it was worked out, which the links left out have not drawn for.
    var skippedFrames = 0

    /// Whether the reach holds for a frame from `senderChip` at `transmitLevel` dBm among
    /// `devices` devices.
    func holds(senderChip: Int, transmitLevel: Double, devices: Int) -> Bool {
        self.senderChip == senderChip && self.transmitLevel == transmitLevel && self.devices == devices
    }
}
