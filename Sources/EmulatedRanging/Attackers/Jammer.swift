import UWBCore
import UWBEmulator
import UWBRanging

/// A rogue device that takes ``dutyCycle`` of the air with the longest frames a standard PHY
/// header allows (127 octets of noise addressed to nobody): every frame it overlaps may be lost.
/// It denies service, never moves a distance: the sessions' rounds fail, their updates slow, and
/// a peer silent for the removal timeout is removed.
public final class Jammer: Attacker {
    /// The share of the air it takes.
    public let dutyCycle: Double
    /// When it starts.
    public var start: Duration { radio.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let radio: AttackerRadio
    private var random: SeededRandom

    /// A jammer taking `dutyCycle` of the air from `start` on, on `board` and a
    /// generator seeded with `seed` for its noise.
    public init(dutyCycle: Double, start: Duration, board: BoardDescription, seed: UInt64) {
        self.dutyCycle = dutyCycle
        radio = AttackerRadio(board: board, start: start)
        random = SeededRandom(seed: seed)
    }

    /// Sends its first frame at ``start``.
    public func start(on radio: DeviceRadio) {
        self.radio.begin(on: radio) { [weak self] in
            self?.jam(on: radio)
        }
    }

    /// Nothing to do with what it hears.
    public func handle(_ event: TransceiverEvent, fromChip chip: Int, on radio: DeviceRadio) {}

    /// Sends one frame now and schedules the next: one frame's airtime over the duty cycle later.
    private func jam(on radio: DeviceRadio) {
        let length = PHRMode.standard.maximumFrameLength - FrameCheckSequence.length
        let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let airtime = radio.configuration.airtime(frameLength: PHRMode.standard.maximumFrameLength)
        radio.after(airtime / dutyCycle) { [weak self] in
            self?.jam(on: radio)
        }
        if self.radio.send(noise, plannedAt: nil, on: radio) {
            framesSent += 1
        }
    }
}
