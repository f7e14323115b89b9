import UWBCore
import UWBEmulator
import UWBPositioning

/// Why a scenario cannot be positioned in.
public enum ScenarioPositioningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario has no anchors.
    case noAnchors
    /// The scenario has no tags.
    case noTags
    /// The clusters' rounds take longer than the period between rounds.
    case roundsDoNotFit(clusters: Int, needed: Duration, period: Duration)
    /// An anchor's position cannot be sent in its frames.
    case anchorPosition(device: String, DownlinkTDoAFrameError)
    /// The site origin is off the globe.
    case siteOrigin(PositioningError)
    /// The emulator could not build the world.
    case emulation(EmulationError)
    /// The two-way ranging sessions between tags and anchors could not start.
    case sessions(String)
    /// Anchors or tags with radios of their own (``UWBEmulator/DeviceSpec/radio``) other than the
    /// scenario's: the rounds are planned for the scenario's radio.
    case deviceRadios([String])

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .noAnchors:
            "the scenario has no anchors: give fixed devices an \"anchor\" object with a cluster (Docs/positioning.md)"
        case .noTags:
            "the scenario has no tags: give the devices to position a \"tag\" object (Docs/positioning.md)"
        case .roundsDoNotFit(let clusters, let needed, let period):
            "the rounds of \(clusters) cluster\(clusters == 1 ? "" : "s") take \(needed.secondsValue * 1000) ms, longer than the \(period.secondsValue * 1000) ms between rounds: lower positioning.roundsPerSecond, or use fewer, smaller clusters"
        case .anchorPosition(let device, let error):
            "anchor \(device): \(error)"
        case .siteOrigin(let error):
            "positioning.siteOrigin: \(error)"
        case .emulation(let error):
            "\(error)"
        case .sessions(let reason):
            "the tags' sessions with the anchors could not start: \(reason)"
        case .deviceRadios(let names):
            "devices \(names.joined(separator: ", ")): anchors and tags range on the scenario's radio, for which their rounds are planned; remove their own \"radio\" objects, or give the scenario that radio"
        }
    }
}
