import UWBCore
import UWBEmulator

/// A rogue device that advances the preamble's first path of every frame reaching its victims
/// (``RogueSpec/Behaviour/earlyPath(advance:victims:)``, the "Ghost Peak" distance reduction).
/// It sends no frame of its own: the medium carries out its attack on the victims' receptions
/// (``UWBEmulator/Medium/advanceFirstPath(at:by:from:)``, set when the scenario's world is
/// built). As an ``Attacker`` it keeps the device out of the sessions.
public final class EarlyPathAttacker: Attacker {
    /// Always 0: the attack is on the victims' receptions, not on the air.
    public let framesSent = 0

    /// A silent attacker; its attack is set up in the medium.
    public init() {}

    /// Nothing to do with what it hears (nothing starts with the loop either: the medium
    /// advances the victims' first paths from the rogue's start).
    public func radio(_ event: TransceiverEvent, fromChip chip: Int) {}
}
