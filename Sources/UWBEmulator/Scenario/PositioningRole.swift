import UWBCore

/// What a device does for positioning (JSON: a device's `anchor` or `tag` object): the layers
/// above the emulator run the software (UWBPositioning's DL-TDoA anchors and tags); the emulator
/// only carries the frames.
public enum PositioningRole: Hashable, Sendable {
    /// A fixed anchor of cluster `cluster`, at `surveyedPosition` as far as the tags are told, or,
    /// if that is `nil`, at its antenna's true position (a perfect survey), on `floor` of a building
    /// if the site gives floors (its frames carry it). The first anchor of a cluster in the scenario
    /// initiates its rounds; the others respond in the order they appear.
    case anchor(cluster: String, surveyedPosition: Position?, floor: FloorElevation?)
    /// A tag that listens to the anchors' DL-TDoA rounds and sends nothing.
    case tag
}
