import UWBCore

/// A rogue device of a scenario (JSON key `rogue` on a device): an attacker that runs on its own
/// emulated board, through the same driver as every device, from ``start`` on. It takes part in
/// no session; `Docs/scenarios.md` ("Rogue devices") and `Docs/security.md` describe each kind.
public struct RogueSpec: Hashable, Sendable {
    /// What the rogue device does.
    public enum Behaviour: Hashable, Sendable {
        /// Records every ranging frame it hears and sends it again `delay` later.
        case replayer(delay: Duration)
        /// Sends forged REPORTs, with timestamps that claim the peers are `claimed` apart and a
        /// guessed MIC, timed to reach the initiator `lead` before the real REPORT.
        case forger(claimed: Distance, lead: Duration)
        /// Answers each group POLL's first slot with a RESPONSE (a guessed MIC) timed to reach the
        /// initiator `lead` before the real responder's.
        case earlyResponder(lead: Duration)
        /// Sends the longest frames it can, taking `dutyCycle` of the air (0 to 1).
        case jammer(dutyCycle: Double)
        /// Makes the preamble's (Ipatov) first path of every frame reaching each device named in
        /// `victims` look `advance` early, at the power of the genuine first path (the "Ghost
        /// Peak" distance reduction): it sends nothing of its own and cannot predict an STS, so a
        /// DW3000 receiving an STS frame still finds the true path in the STS
        /// (``Medium/advanceFirstPath(at:by:from:)``).
        case earlyPath(advance: Distance, victims: [String])
    }

    /// The kinds, as the JSON `kind` names them.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``Behaviour/replayer(delay:)``.
        case replayer
        /// ``Behaviour/forger(claimed:lead:)``.
        case forger
        /// ``Behaviour/earlyResponder(lead:)``.
        case earlyResponder = "early-responder"
        /// ``Behaviour/jammer(dutyCycle:)``.
        case jammer
        /// ``Behaviour/earlyPath(advance:victims:)``.
        case earlyPath = "early-path"
    }

    /// What it does.
    public var behaviour: Behaviour
    /// When it starts, from the beginning of the run.
    public var start: Duration

    /// A rogue device with the given behaviour, starting at `start`.
    public init(behaviour: Behaviour, start: Duration = .zero) {
        self.behaviour = behaviour
        self.start = start
    }

    /// The replayer's delay when `delaySeconds` is absent: 2 ms, a few rounds later.
    public static let defaultReplayDelay = Duration.milliseconds(2)
    /// The distance forged frames claim when `claimMetres` is absent: 0.3 m, close enough to
    /// unlock a door.
    public static let defaultClaim = Distance(metres: 0.3)
    /// How much earlier than the real frame a forged one starts when `leadSeconds` is absent:
    /// 100 ns, so that its preamble is first and the receiver locks onto it.
    public static let defaultLead = Duration.nanoseconds(100)
    /// The jammer's share of the air when `dutyCycle` is absent: 0.5.
    public static let defaultDutyCycle = 0.5
    /// How far early the first path looks when `advanceMetres` is absent: 2 m.
    public static let defaultAdvance = Distance(metres: 2)
}
