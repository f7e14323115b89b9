import UWBCore

/// A device as the medium sees it: where it is, which way it faces, and its chips with their
/// antenna positions in the device frame.
package final class MediumNode {
    // What the medium reads for every frame it carries to the device comes first and together (a
    // class keeps its stored properties in the order declared), and holds no array it must look
    // into: the device is cold when a frame reaches it (the crowd visits each of its 1000 tags once
    // per frame), and its chips', offsets' and second ports' arrays were each one more cold line
    // per reception.

    /// The rotation of ``orientation``, its angles' cosines and sines worked out once for the antennas' positions.
    @exclusivity(unchecked) private var rotation: OrientationRotation
    /// Where it is over time; replaced when the device is moved (``Medium/relocate(_:to:facing:)``).
    /// Read for every frame carried; like ``rotation`` and ``firstPathAdvance``, only ever read or
    /// replaced whole, never held across a call, so accesses cannot overlap and it goes without the
    /// runtime exclusivity check (decision 0020).
    @exclusivity(unchecked) package internal(set) var trajectory: Trajectory
    /// How many chips it has: ``chips``' count, without reading the array.
    let chipCount: Int
    /// The first chip's antenna position in the device frame, in metres: ``antennaOffsets``' first
    /// (the origin if none), the one every frame reaches.
    let firstAntennaOffset: Vector3
    /// The early-path attack on its receptions, if any (``Medium/advanceFirstPath(at:by:from:)``).
    @exclusivity(unchecked) var firstPathAdvance: FirstPathAdvance?
    /// Per chip, whether it has a second antenna port: the carrier phases the medium draws per frame.
    /// Empty when no chip has one (a list shorter than the chips means none beyond it, see
    /// ``LinkState``), so that a device without one shares the empty array rather than reading a
    /// buffer of its own.
    let hasSecondPort: [Bool]
    /// The device whose radio loop services its chips' interrupts, told when one of them changes its
    /// IRQ line; nil while nobody services them. `unowned(unsafe)`: the device owns its chips, whose
    /// ports call it only while they run, and the `Emulation` owns the device and the medium together
    /// (decision 0020). A reference rather than a closure: the closure's context was one more cold
    /// object per interrupt change, retained and released at each of a reception's two changes.
    unowned(unsafe) var interruptListener: EmulatedDevice?

    /// The device's name.
    let name: String
    /// The owner of the device's events, whose key orders the frames reaching it.
    let owner: EventOwner
    /// The part of the world whose simulator runs the device (``WorldPart``); the `Emulation` owns its
    /// parts and devices together.
    unowned(unsafe) let part: WorldPart
    /// The device's place among its part's devices (``WorldPart/members``): where a sender's links to it are.
    var localIndex = 0
    /// Whether the device's software never transmits (`Emulation.listenOnly(device:)`): a part of such
    /// devices alone cannot answer a frame, and promises the others nothing.
    var listensOnly = false
    /// The channel whose band the device's radio is fitted for, if it was given a radio of its own
    /// (``DeviceSetup/configuration``); nil for a device on the world's radio, which may tune to any.
    /// Frames go only between devices whose bands overlap (``reaches(_:)``).
    let band: Channel?
    /// How many frames the device has sent: the next one's count in its ``TransmissionOrder``. Only
    /// the medium changes it, without calling out, so it goes without the runtime exclusivity check.
    @exclusivity(unchecked) var transmissionsSent = 0

    // What the medium keeps per device lives with the device, not in tables of the medium's: each
    // is changed only by the device's own events (its frames sent, its receptions judged), so a
    // world split into parts changes it only on its part's thread (decision 0030). Changed without
    // calling out, so without the runtime exclusivity check.

    /// Its frame counts so far.
    @exclusivity(unchecked) var statistics: DeviceStatistics
    /// Per sender (by index in the medium): the frames received intact from it so far; senders
    /// beyond the end have had none.
    @exclusivity(unchecked) var receivedFrom: [Int] = []
    /// Per short source address it has sent frames from: when it last sent one.
    @exclusivity(unchecked) var shortAddressesSent: [UInt16: SimulationTime] = [:]
    /// Its chips, the first being the one whose receptions the statistics count.
    let chips: [any VirtualChip]
    /// Each chip's antenna position in the device frame, in metres (its first port's).
    let antennaOffsets: [Vector3]
    /// Each chip's second antenna port's position in the device frame, in metres, for chips with
    /// two ports (DW3x20); nil for the others.
    let secondPortOffsets: [Vector3?]
    /// Which way it faces.
    package internal(set) var orientation: Orientation {
        didSet { rotation = OrientationRotation(orientation) }
    }

    init(
        name: String, owner: EventOwner, part: WorldPart, chips: [any VirtualChip], antennaOffsets: [Vector3], secondPortOffsets: [Vector3?] = [],
        trajectory: Trajectory, orientation: Orientation, band: Channel? = nil
    ) {
        self.name = name
        self.band = band
        self.owner = owner
        self.part = part
        self.statistics = DeviceStatistics(name: name)
        self.chips = chips
        self.chipCount = chips.count
        self.antennaOffsets = antennaOffsets
        self.firstAntennaOffset = antennaOffsets.first ?? .zero
        self.secondPortOffsets = chips.indices.map { secondPortOffsets.indices.contains($0) ? secondPortOffsets[$0] : nil }
        let hasSecondPort = self.secondPortOffsets.map { $0 != nil }
        self.hasSecondPort = hasSecondPort.contains(true) ? hasSecondPort : []
        self.trajectory = trajectory
        self.orientation = orientation
        self.rotation = OrientationRotation(orientation)
    }

    /// Whether a frame this device sends can reach `other`, and one `other` sends reach it: unless both
    /// are fitted for bands (``band``) that do not overlap.
    func reaches(_ other: MediumNode) -> Bool {
        guard let band, let otherBand = other.band else { return true }
        return band.overlaps(otherBand)
    }

    /// Where the antenna of chip `index` is in the world at `time`.
    package func antennaPosition(_ index: Int, at time: SimulationTime) -> Position {
        let centre = trajectory.position(at: time)
        let offset = index == 0 ? firstAntennaOffset : antennaOffsets.indices.contains(index) ? antennaOffsets[index] : .zero
        return Position(metres: centre.metres + rotation.toWorld(offset))
    }

    /// Where the second port's antenna of chip `index` is in the world at `time`, if it has one.
    func secondPortPosition(_ index: Int, at time: SimulationTime) -> Position? {
        guard let offset = secondPortOffsets[index] else { return nil }
        return Position(metres: trajectory.position(at: time).metres + rotation.toWorld(offset))
    }
}

/// An early-path attack on one device's receptions: from ``from`` on, the preamble's first path
/// of every frame reaching it looks ``advance`` early.
struct FirstPathAdvance {
    /// How early the first path looks.
    let advance: Duration
    /// The first RMARKER time, at the sender, of the frames it advances.
    let from: SimulationTime
}
