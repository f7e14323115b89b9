import UWBCore
import UWBEmulator
import UWBPositioning

/// One tag of a ``ScenarioPositioning``: its DL-TDoA locator, its track, and the book its fixes go to.
///
/// An object of its own, changed only on the thread of the part of the world its fixes are made in
/// (its own for DL-TDoA; for UL-TDoA the part of the anchors, which share the server), so that the
/// parts' threads never change one container.
final class TagPositioning {
    /// The tag's index among the world's devices, and its name.
    let index: Int
    let name: String
    /// Its DL-TDoA locator, for that method.
    var downlink: DownlinkTDoALocator?
    /// Its track.
    var tracker: PositionTracker

    init(index: Int, name: String, tracker: PositionTracker) {
        self.index = index
        self.name = name
        self.tracker = tracker
    }
}
