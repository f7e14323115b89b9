/// The propagation model a scenario names in `channel.model`.
///
/// The IEEE 802.15.4a channel models (Molisch et al., "IEEE 802.15.4a channel model – final
/// report", 2004/2006) each come with a path-loss exponent, a loss at 1 m and a shadowing
/// deviation; the emulator's channel model supplies those numbers for each case.
public enum ScenarioChannelModel: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Friis free-space propagation: path-loss exponent 2, no shadowing, no multipath.
    case freeSpace = "free-space"
    /// IEEE 802.15.4a CM1: residential, line of sight.
    case cm1
    /// IEEE 802.15.4a CM2: residential, no line of sight.
    case cm2
    /// IEEE 802.15.4a CM3: office, line of sight.
    case cm3
    /// IEEE 802.15.4a CM4: office, no line of sight.
    case cm4

    /// The name as a scenario spells it, for example `free-space`.
    public var description: String { rawValue }
}
