import UWBCore

/// Where the phases of an ``AntennaArray``'s elements come from.
public enum PhaseSource: Hashable, Sendable {
    /// Each element is a chip of one phase-coherent group (chips on one clock); its phase is the
    /// chip's ``ReceptionDiagnostics/firstPathPhase``, and ``AntennaElement/chip`` is its index in
    /// the board's chip list.
    case chipCarrierPhases
    /// The two elements are the two antenna ports of the board's chip `chip` (a DW3120 or DW3220),
    /// which measures the phase difference between them itself
    /// (``ReceptionDiagnostics/phaseDifference``, second port minus first). ``AntennaElement/chip``
    /// is then the port: 0 for the first, the phase reference, and 1 for the second.
    case antennaPorts(chip: Int)

    /// The index in the board's chip list whose calibrated ``ChipCalibration/phaseOffset`` holds
    /// the offset of the element numbered `element` (an ``AntennaElement/chip``): that chip itself
    /// for chip carrier phases, the two-port chip for its ports (whose offset is its second
    /// port's against its first).
    public func calibratedChip(ofElement element: Int) -> Int {
        switch self {
        case .chipCarrierPhases: element
        case .antennaPorts(let chip): chip
        }
    }

    /// The phase of every element of an array reading this source, indexed like its elements'
    /// ``AntennaElement/chip``, from one frame's `receptions` (indexed like the board's chips);
    /// `nil` where a reception or its phase is missing.
    public func phases(of receptions: [ReceptionDiagnostics?]) -> [Angle?] {
        switch self {
        case .chipCarrierPhases:
            return receptions.map { $0?.firstPathPhase }
        case .antennaPorts(let chip):
            guard receptions.indices.contains(chip), let difference = receptions[chip]?.phaseDifference else {
                return [nil, nil]
            }
            return [.zero, difference]
        }
    }
}
