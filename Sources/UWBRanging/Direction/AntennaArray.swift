import Foundation
import UWBCore

/// A phase-coherent antenna array that turns phases into a direction (`Docs/reference/uwb-physics.md`
/// §4.2; `Docs/ranging.md`): the first-path carrier phases of chips on one clock, or the phase
/// difference a two-port chip (DW3x20) measures between its ports (``PhaseSource``).
///
/// For the baseline b from the reference antenna (the first element) to another, a plane wave arriving
/// from unit direction u reaches the other antenna earlier by b·u, so its phase leads by
/// Δφ = 2π(b·u)/λ. Each chip's calibrated phase offset is removed and Δφ wrapped to (−π, π] before
/// inverting: with every baseline at most λ/2 the inversion is unique. Collinear arrays (two antennas)
/// give the single component along their axis; flat arrays in the device's x–y plane (three antennas in
/// an L) give u_x and u_y by least squares and u_z = −√(1 − u_x² − u_y²), the peer being behind the
/// device (NearbyInteraction's field of view is around −z). A flat array cannot tell −z from +z, and a
/// line cannot tell any two directions with the same component along it (front/back ambiguity).
public struct AntennaArray: Hashable, Sendable {
    /// How far a baseline may stray from a line or from the x–y plane, as a fraction of the wavelength:
    /// 0.001 (0.05 mm at channel 5, a phase error under 0.4°). Board descriptions give positions to the
    /// tenth of a millimetre.
    public static let geometryTolerance = 0.001

    /// The elements; the first is the phase reference.
    public let elements: [AntennaElement]
    /// The carrier wavelength.
    public let wavelength: Distance
    /// Where the elements' phases come from.
    public let source: PhaseSource

    /// How the baselines are inverted.
    private let geometry: Geometry

    /// The precomputed inversion of the baselines.
    private enum Geometry: Hashable, Sendable {
        /// Collinear baselines along the unit `axis` (oriented toward +x where possible); component
        /// u·axis = Σ tᵢmᵢ / Σ tᵢ² with tᵢ = bᵢ·axis.
        case linear(axis: Vector3, sumOfSquares: Double)
        /// Baselines in the x–y plane; (u_x, u_y) = N⁻¹·Σ bᵢmᵢ with N = Σ bᵢbᵢᵀ, stored as N's inverse.
        case planar(xx: Double, xy: Double, yy: Double)
    }

    /// The array of the phase-coherent group of `board` with the most antennas (the first such group
    /// if several tie), at `channel`'s wavelength: a group of one two-port chip (a DW3x20) is an
    /// array of its two ports, the second port's offset being the chip's calibrated phase offset;
    /// a group of several chips is an array of their (first-port) antennas, each with its chip's
    /// calibrated phase offset.
    ///
    /// - Throws: ``DirectionError`` if the group has fewer than two antennas or its geometry is unusable
    ///   (see ``init(elements:wavelength:source:)``).
    public init(board: BoardDescription, channel: Channel) throws(DirectionError) {
        let indices = board.coherentGroups.map { group in
            group.compactMap { chipSelect in board.chips.firstIndex { $0.chipSelect == chipSelect } }
        }
        let largest = indices.first { group in
            group.reduce(0) { $0 + board.chips[$1].model.antennaPorts } == board.coherentReceivers
        } ?? []
        let wavelength = channel.centreFrequency.wavelength
        if largest.count == 1, let index = largest.first, board.chips[index].antennaPositions.count == 2 {
            let chip = board.chips[index]
            let ports = chip.antennaPositions.enumerated().map { port, position in
                AntennaElement(chip: port, position: position.metres, phaseOffset: port == 0 ? .zero : chip.calibration.phaseOffset)
            }
            try self.init(elements: ports, wavelength: wavelength, source: .antennaPorts(chip: index))
            return
        }
        let elements = largest.map { index in
            let chip = board.chips[index]
            return AntennaElement(chip: index, position: chip.antennaPosition.metres, phaseOffset: chip.calibration.phaseOffset)
        }
        try self.init(elements: elements, wavelength: wavelength)
    }

    /// An array of the given elements (the first is the phase reference) at `wavelength`, whose
    /// phases come from `source`.
    ///
    /// - Throws: ``DirectionError/notEnoughAntennas(_:)``, ``DirectionError/invalidWavelength(_:)``,
    ///   ``DirectionError/invalidChipIndex(_:)``, ``DirectionError/coincidentAntennas(chip:)``, ``DirectionError/ambiguousBaseline(chip:length:halfWavelength:)``
    ///   or ``DirectionError/antennaOutOfPlane(chip:z:)``.
    public init(elements: [AntennaElement], wavelength: Distance, source: PhaseSource = .chipCarrierPhases) throws(DirectionError) {
        guard let reference = elements.first, elements.count >= 2 else { throw .notEnoughAntennas(elements.count) }
        guard wavelength.metres.isFinite, wavelength.metres > 0 else { throw .invalidWavelength(wavelength) }
        var seen: Set<Int> = []
        for element in elements {
            guard element.chip >= 0, seen.insert(element.chip).inserted else { throw .invalidChipIndex(element.chip) }
        }
        let lambda = wavelength.metres
        let tolerance = Self.geometryTolerance * lambda
        let others = elements.dropFirst()
        var baselines: [Vector3] = []
        for element in others {
            let baseline = element.position - reference.position
            let length = baseline.length
            guard length.isFinite, length > tolerance else { throw .coincidentAntennas(chip: element.chip) }
            guard length <= lambda / 2 + tolerance else {
                throw .ambiguousBaseline(chip: element.chip, length: Distance(metres: length), halfWavelength: Distance(metres: lambda / 2))
            }
            baselines.append(baseline)
        }
        self.elements = elements
        self.wavelength = wavelength
        self.source = source

        var axis = baselines[0] * (1 / baselines[0].length)
        if axis.x < 0 || (axis.x == 0 && axis.y < 0) { axis = axis * -1 }
        let collinear = baselines.allSatisfy { Self.cross($0, axis).length <= tolerance }
        if collinear {
            let sum = baselines.reduce(0.0) { $0 + $1.dot(axis) * $1.dot(axis) }
            geometry = .linear(axis: axis, sumOfSquares: sum)
            return
        }
        var (nxx, nxy, nyy) = (0.0, 0.0, 0.0)
        for (element, baseline) in zip(others, baselines) {
            guard abs(baseline.z) <= tolerance else { throw .antennaOutOfPlane(chip: element.chip, z: Distance(metres: baseline.z)) }
            nxx += baseline.x * baseline.x
            nxy += baseline.x * baseline.y
            nyy += baseline.y * baseline.y
        }
        let determinant = nxx * nyy - nxy * nxy
        geometry = .planar(xx: nyy / determinant, xy: -nxy / determinant, yy: nxx / determinant)
    }

    /// Whether the array measures a full direction (flat array) rather than a horizontal angle only (line).
    public var measuresFullDirection: Bool {
        if case .planar = geometry { return true }
        return false
    }

    /// The direction of arrival from the first-path phases of one reception.
    ///
    /// `phases` is indexed like the elements' ``AntennaElement/chip`` (``PhaseSource/phases(of:)``
    /// gives it from a frame's receptions); entries outside the array are ignored. Each element's offset relative to the reference is subtracted
    /// and the difference wrapped to (−π, π]. Components beyond a unit vector (noise near ±90°) are clamped
    /// and reported in ``DirectionEstimate/wasClamped``.
    ///
    /// - Throws: ``DirectionError/missingPhase(chip:)`` or ``DirectionError/invalidPhase(chip:)``.
    public func direction(phases: [Angle?]) throws(DirectionError) -> DirectionEstimate {
        let paths = try pathDifferences(phases: phases)
        switch geometry {
        case .linear(let axis, let sumOfSquares):
            var weighted = 0.0
            for (element, path) in zip(elements.dropFirst(), paths) {
                weighted += (element.position - elements[0].position).dot(axis) * path
            }
            let component = weighted / sumOfSquares
            let clamped = min(max(component, -1), 1)
            return DirectionEstimate(direction: nil, horizontalAngle: Angle(radians: asin(clamped)), wasClamped: clamped != component)
        case .planar(let xx, let xy, let yy):
            var (rx, ry) = (0.0, 0.0)
            for (element, path) in zip(elements.dropFirst(), paths) {
                let baseline = element.position - elements[0].position
                rx += baseline.x * path
                ry += baseline.y * path
            }
            var ux = xx * rx + xy * ry
            var uy = xy * rx + yy * ry
            let inPlane = ux * ux + uy * uy
            let wasClamped = inPlane > 1
            if wasClamped {
                let scale = 1 / inPlane.squareRoot()
                ux *= scale
                uy *= scale
            }
            let uz = -max(0, 1 - ux * ux - uy * uy).squareRoot()
            // NearbyInteraction's horizontal angle is the azimuth, atan2(u_x, −u_z); with the full
            // vector known it stays right at any elevation (asin(u_x) would shrink with it).
            let horizontal = Angle(radians: atan2(ux, -uz))
            return DirectionEstimate(direction: Vector3(x: ux, y: uy, z: uz), horizontalAngle: horizontal, wasClamped: wasClamped)
        }
    }

    /// The same array with each element's phase offset replaced by `offsets[element.chip]`.
    ///
    /// - Throws: ``DirectionError/missingOffset(chip:)`` if `offsets` has no entry for a chip of the array.
    public func calibrated(offsets: [Angle]) throws(DirectionError) -> AntennaArray {
        var updated = elements
        for index in updated.indices {
            let chip = updated[index].chip
            guard offsets.indices.contains(chip) else { throw .missingOffset(chip: chip) }
            updated[index].phaseOffset = offsets[chip]
        }
        return try AntennaArray(elements: updated, wavelength: wavelength, source: source)
    }

    /// The measured phase difference of every non-reference element to the reference, as the chips
    /// report it: wrap(φᵢ − φ_ref), no calibrated offset removed. What PDoA calibration collects.
    ///
    /// - Throws: ``DirectionError/missingPhase(chip:)`` or ``DirectionError/invalidPhase(chip:)``.
    public func phaseDifferences(phases: [Angle?]) throws(DirectionError) -> [Angle] {
        let reference = try phase(of: elements[0], in: phases)
        var differences: [Angle] = []
        for element in elements.dropFirst() {
            differences.append((try phase(of: element, in: phases) - reference).wrapped)
        }
        return differences
    }

    /// The direction of arrival from phase differences as ``phaseDifferences(phases:)`` gives them
    /// (one per non-reference element), with this array's calibrated offsets removed.
    ///
    /// - Throws: ``DirectionError/missingPhase(chip:)`` if there are fewer differences than
    ///   non-reference elements, or ``DirectionError/invalidPhase(chip:)``.
    public func direction(phaseDifferences: [Angle]) throws(DirectionError) -> DirectionEstimate {
        var phases = [Angle?](repeating: nil, count: (elements.map(\.chip).max() ?? 0) + 1)
        phases[elements[0].chip] = .zero
        for (index, element) in elements.dropFirst().enumerated() where phaseDifferences.indices.contains(index) {
            phases[element.chip] = phaseDifferences[index]
        }
        return try direction(phases: phases)
    }

    /// The path differences b·u in metres of every non-reference element, from measured phases:
    /// λ/(2π)·wrap(φᵢ − φ_ref − (offsetᵢ − offset_ref)).
    private func pathDifferences(phases: [Angle?]) throws(DirectionError) -> [Double] {
        let reference = try phase(of: elements[0], in: phases) - elements[0].phaseOffset
        var paths: [Double] = []
        for element in elements.dropFirst() {
            let difference = (try phase(of: element, in: phases) - element.phaseOffset - reference).wrapped
            paths.append(difference.radians * wavelength.metres / (2 * .pi))
        }
        return paths
    }

    /// The phase `phases` gives for `element`'s chip, if present and finite.
    private func phase(of element: AntennaElement, in phases: [Angle?]) throws(DirectionError) -> Angle {
        guard phases.indices.contains(element.chip), let phase = phases[element.chip] else { throw .missingPhase(chip: element.chip) }
        guard phase.radians.isFinite else { throw .invalidPhase(chip: element.chip) }
        return phase
    }

    /// The phase differences 2π(b·u)/λ, wrapped, that a plane wave from unit direction `u` produces at
    /// every non-reference element (no offsets).
    func idealPhaseDifferences(toward u: Vector3) -> [Angle] {
        elements.dropFirst().map { element in
            Angle(radians: 2 * .pi * (element.position - elements[0].position).dot(u) / wavelength.metres).wrapped
        }
    }

    /// The cross product a × b.
    private static func cross(_ a: Vector3, _ b: Vector3) -> Vector3 {
        Vector3(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
    }
}
