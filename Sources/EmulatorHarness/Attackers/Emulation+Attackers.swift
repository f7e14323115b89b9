import UWBCore
import UWBEmulator
import UWBRanging

extension Emulation {
    /// A world built from a scenario whose rogue devices (``RogueSpec``) carry out their attacks:
    /// a ``Replayer``, ``Forger``, ``EarlyResponder`` or ``Jammer`` on the device's own board, or
    /// an ``EarlyPathAttacker``, whose attack the medium carries out.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed; the attackers' guesses are drawn from it too.
    ///   - parts: how many parts to split the world into, each run on a thread of its own.
    ///   - together: groups of devices (indices into the scenario's) that must share a part.
    /// - Throws: what ``Emulation/init(scenario:seed:parts:keepingTogether:rogues:)`` throws.
    public static func withAttackers(
        scenario: Scenario, seed: UInt64? = nil, parts: Int = 1, keepingTogether together: [[Int]] = []
    ) throws(EmulationError) -> Emulation {
        let runSeed = seed ?? scenario.seed
        return try Emulation(scenario: scenario, seed: seed, parts: parts, keepingTogether: together) { device, address, radio in
            guard let rogue = device.rogue else { return nil }
            let guesses = runSeed &* 0x9E37_79B9 &+ UInt64(address)
            switch rogue.behaviour {
            case .replayer(let delay):
                return Replayer(delay: delay, start: rogue.start, on: radio)
            case .forger(let claimed, let lead):
                return Forger(claimed: claimed, lead: lead, start: rogue.start, on: radio, seed: guesses)
            case .earlyResponder(let lead):
                return EarlyResponder(lead: lead, start: rogue.start, on: radio, seed: guesses)
            case .jammer(let dutyCycle):
                return Jammer(dutyCycle: dutyCycle, start: rogue.start, on: radio, seed: guesses)
            case .earlyPath:
                return EarlyPathAttacker()
            }
        }
    }
}
