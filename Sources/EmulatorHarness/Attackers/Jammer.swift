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
    public var start: Duration { sender.start }
    /// The frames it has sent so far.
    public private(set) var framesSent = 0

    private let sender: AttackSender
    private var random: SeededRandom

    /// A jammer taking `dutyCycle` of the air from `start` on, on `radio` and a
    /// generator seeded with `seed` for its noise.
    public init(dutyCycle: Double, start: Duration, on radio: EmulatedRadio, seed: UInt64) {
        self.dutyCycle = dutyCycle
        sender = AttackSender(on: radio, start: start)
        random = SeededRandom(seed: seed)
    }

    /// Sends its first frame at ``start``.
    public func radioStarted() {
        sender.begin { [weak self] in
            self?.jam()
        }
    }

    /// Nothing to do with what it hears.
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {}

    /// Sends one frame now and schedules the next: one frame's airtime over the duty cycle later.
    private func jam() {
        let length = PHRMode.standard.maximumFrameLength - FrameCheckSequence.length
        let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
        let airtime = sender.radio.configuration.airtime(frameLength: PHRMode.standard.maximumFrameLength)
        sender.radio.schedule(after: airtime / dutyCycle) { [weak self] in
            self?.jam()
        }
        if sender.send(noise, plannedAt: nil) {
            framesSent += 1
        }
    }
}
