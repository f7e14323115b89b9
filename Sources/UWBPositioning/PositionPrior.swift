import UWBCore

/// Where a tag is expected to be when a fix is made, and how sure that is: a track's prediction
/// (``PositionTracker/prediction(at:)``).
///
/// Given one, ``PositionSolver`` checks a fix against it as the tracker's gate would, and if the
/// fix lies beyond the gate, leaves out the one measurement without which the rest agree with
/// each other and with the prediction. A late (NLOS) reception among a few measurements can pull
/// a fix a metre off while the rest absorb it with small residuals, so that nothing in the
/// measurements alone shows it; against where the tag was a tenth of a second ago it shows.
/// The prediction only chooses what to leave out: the fix is still the measurements' own.
public struct PositionPrior: Hashable, Sendable {
    /// The expected position (in 2-D, its height is not used).
    public let position: Position
    /// Its covariance in m², row by row, over a fix's coordinates: 2×2 over x and z in 2-D, 3×3
    /// over x, y and z in 3-D.
    public let covariance: [Double]

    /// A prior at `position` with `covariance` (laid out as ``covariance`` says).
    public init(position: Position, covariance: [Double]) {
        self.position = position
        self.covariance = covariance
    }
}
