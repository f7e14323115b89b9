import Foundation
import UWBCore

/// Exponential smoothing of directions over time: the unit vector component by component, renormalised,
/// and the horizontal angle on the unit circle (cos, sin), so that nothing jumps at ±180°.
///
/// Each update moves the state toward the measurement by α = 1 − exp(−dt/τ), so the smoothing depends on
/// elapsed time rather than on the update rate, and after a long gap the filter follows the new reading
/// almost entirely.
public struct DirectionFilter: Sendable {
    /// The default time constant τ: 0.2 s. At 10 Hz updates α = 0.39 and the noise standard deviation
    /// falls to √(α/(2 − α)) = 0.49 of the raw value (3° raw → 1.5°), while a direction turning at a
    /// steady rate is followed with a lag of τ — the same 0.2 s the distance is allowed.
    public static let defaultTimeConstant = Duration.milliseconds(200)

    /// The time constant τ.
    public let timeConstant: Duration
    /// The latest smoothed estimate; nil before the first update.
    public private(set) var estimate: DirectionEstimate?

    /// The time of the latest update.
    private var lastTime: Duration?
    /// The smoothed (not renormalised) direction vector.
    private var vector: Vector3?
    /// The smoothed (cos, sin) of the horizontal angle.
    private var horizontal: (cosine: Double, sine: Double)?

    /// An empty filter with time constant `timeConstant` (non-positive values disable smoothing).
    public init(timeConstant: Duration = DirectionFilter.defaultTimeConstant) {
        self.timeConstant = timeConstant
    }

    /// Smooths `measurement`, taken at `time`, into the running estimate and returns it.
    ///
    /// Parts the measurement lacks (nil direction or angle) are dropped from the state; parts that appear
    /// start from the measurement. A time earlier than the previous one restarts the filter.
    public mutating func update(at time: Duration, _ measurement: DirectionEstimate) -> DirectionEstimate {
        let weight = smoothingWeight(at: time)
        lastTime = time

        if let direction = measurement.direction, direction.length.isFinite, direction.length > 0 {
            let unit = direction * (1 / direction.length)
            let blended = vector.map { $0 + (unit - $0) * weight } ?? unit
            vector = blended.length > 0 ? blended : unit
        } else {
            vector = nil
        }
        if let angle = measurement.horizontalAngle, angle.radians.isFinite {
            let cosine = cos(angle.radians)
            let sine = sin(angle.radians)
            horizontal = horizontal.map {
                (cosine: $0.cosine + (cosine - $0.cosine) * weight, sine: $0.sine + (sine - $0.sine) * weight)
            } ?? (cosine: cosine, sine: sine)
        } else {
            horizontal = nil
        }

        let smoothed = DirectionEstimate(
            direction: vector.map { $0 * (1 / $0.length) },
            horizontalAngle: horizontal.map { Angle(radians: atan2($0.sine, $0.cosine)) },
            wasClamped: measurement.wasClamped)
        estimate = smoothed
        return smoothed
    }

    /// Forgets every measurement.
    public mutating func reset() {
        self = DirectionFilter(timeConstant: timeConstant)
    }

    /// α = 1 − exp(−dt/τ) since the previous update; 1 (take the measurement) for the first update, after
    /// time went backwards, or when τ is not positive.
    private func smoothingWeight(at time: Duration) -> Double {
        let tau = timeConstant.secondsValue
        guard let lastTime, tau > 0 else { return 1 }
        let dt = (time - lastTime).secondsValue
        guard dt >= 0 else { return 1 }
        return 1 - exp(-dt / tau)
    }
}
