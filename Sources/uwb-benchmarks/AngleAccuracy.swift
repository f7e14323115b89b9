import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// Angle of arrival: an initiator with the family's direction-finding board
/// (``RangingHardware/arrayBoard``) at the origin (identity orientation, its
/// back, −z, towards boresight) and a one-antenna responder 3 m away at azimuth θ in the
/// horizontal plane, at (3·sin θ, 0, −3·cos θ) from it; positive θ is to the right (+x).
///
/// Errors are taken against the emulator's ground truth. Inside ±60° each angle runs twice: with
/// the field of view opened to 90° (so the gate does not censor the errors near its edge; the
/// RMSE comes from this run) and with the default 60° (for the fraction of rounds with a direction).
/// Outside the field of view only the default gate runs.
struct AngleAccuracy {
    /// Errors at one angle inside the field of view, degrees.
    struct Inside {
        /// The true azimuth.
        let angle: Double
        /// Raw horizontal angle − truth.
        let raw: ErrorMoments
        /// Filtered horizontal angle − truth, after the settling time.
        let filtered: ErrorMoments
        /// Angle between the raw 3-D direction and the true one; `nil` for an array that measures
        /// a horizontal angle only (two antennas).
        let raw3D: ErrorMoments?
        /// Angle between the filtered 3-D direction and the true one, after the settling time;
        /// `nil` for an array that measures a horizontal angle only.
        let filtered3D: ErrorMoments?
        /// With the default field of view: rounds, and rounds with a raw and a filtered direction.
        let gated: (rounds: Int, raw: Int, filtered: Int)
    }

    /// What the default field of view let through at one angle outside it.
    struct Outside {
        /// The true azimuth.
        let angle: Double
        /// Rounds.
        let rounds: Int
        /// Rounds with any raw direction or horizontal angle.
        let raw: Int
        /// Rounds with any filtered direction or horizontal angle.
        let filtered: Int
    }

    /// The distance to the responder.
    static let distance = 3.0

    /// Results inside the field of view.
    let inside: [Inside]
    /// Results outside it.
    let outside: [Outside]

    /// Measures at each of `insideAngles` and `outsideAngles` (degrees).
    init(
        insideAngles: [Double], outsideAngles: [Double], boards: String, hardware: RangingHardware, seed: UInt64, rate: Double,
        seconds: Double,
        settle: Double
    ) throws {
        inside = try insideAngles.map { angle in
            let open = try Self.world(angle: angle, boards: boards, hardware: hardware)
                .run(seed: seed, rate: rate, seconds: seconds, fieldOfView: FieldOfView(halfAngle: .degrees(90)))
            let gated = try Self.world(angle: angle, boards: boards, hardware: hardware).run(seed: seed, rate: rate, seconds: seconds)
            let all = open.initiatorRecords()
            let settled = open.initiatorRecords(settle: settle)
            let gatedRecords = gated.initiatorRecords()
            guard let raw = ErrorMoments(all.compactMap { Self.horizontalError($0.record.measurement.rawHorizontalAngle, $0.truth) }),
                  let filtered = ErrorMoments(settled.compactMap { Self.horizontalError($0.record.measurement.horizontalAngle, $0.truth) })
            else { throw BenchmarkError.unexpected("no directions at \(angle)°") }
            let raw3D = ErrorMoments(all.compactMap { Self.directionError($0.record.measurement.rawDirection, $0.truth) })
            let filtered3D = ErrorMoments(settled.compactMap { Self.directionError($0.record.measurement.direction, $0.truth) })
            progress("angle \(angle)°: \(raw.count) rounds")
            return Inside(
                angle: angle, raw: raw, filtered: filtered, raw3D: raw3D, filtered3D: filtered3D,
                gated: (gatedRecords.count, gatedRecords.filter { $0.record.measurement.rawDirection != nil || $0.record.measurement.rawHorizontalAngle != nil }.count,
                        gatedRecords.filter { $0.record.measurement.direction != nil || $0.record.measurement.horizontalAngle != nil }.count))
        }
        outside = try outsideAngles.map { angle in
            let records = try Self.world(angle: angle, boards: boards, hardware: hardware).run(seed: seed, rate: rate, seconds: seconds)
                .initiatorRecords().map(\.record.measurement)
            progress("angle \(angle)°: \(records.count) rounds")
            return Outside(
                angle: angle, rounds: records.count,
                raw: records.filter { $0.rawDirection != nil || $0.rawHorizontalAngle != nil }.count,
                filtered: records.filter { $0.direction != nil || $0.horizontalAngle != nil }.count)
        }
    }

    /// The world with the responder at azimuth `angle` degrees.
    static func world(angle: Double, boards: String, hardware: RangingHardware) -> RangingWorld {
        let radians = angle * .pi / 180
        return RangingWorld(
            name: "\(hardware.arrayBoard) observer, peer 3 m away at \(angle)°", radioChannel: hardware.channel, devices: [
                RangingWorld.Device(name: "observer", board: hardware.arrayBoard, position: Vector3(x: 0, y: 1, z: 0)),
                RangingWorld.Device(
                    name: "peer", board: hardware.pairBoard,
                    position: Vector3(x: distance * sin(radians), y: 1, z: -distance * cos(radians))),
            ], boards: boards, secureTimestamps: hardware.secureTimestamps)
    }

    /// Measured − true horizontal angle in degrees, wrapped to ±180°; nil without a measurement.
    static func horizontalError(_ measured: Angle?, _ truth: GroundTruth) -> Double? {
        measured.map { measured in
            let actual = atan2(truth.direction.x, -truth.direction.z)
            return Angle(radians: measured.radians - actual).wrapped.degrees
        }
    }

    /// The angle between a measured unit direction and the true one, degrees; nil without a measurement.
    static func directionError(_ measured: Vector3?, _ truth: GroundTruth) -> Double? {
        measured.map { measured in
            let cosine = measured.x * truth.direction.x + measured.y * truth.direction.y + measured.z * truth.direction.z
            return acos(min(max(cosine / measured.length, -1), 1)) * 180 / .pi
        }
    }

    /// The table inside the field of view, with a pooled row.
    var insideMarkdown: String {
        var table = MarkdownTable([
            "azimuth", "rounds", "raw bias (°)", "raw RMSE (°)", "filtered RMSE (°)", "raw 3-D RMSE (°)",
            "filtered 3-D RMSE (°)", "with a direction or angle, 60° gate: raw / filtered",
        ])
        for row in inside {
            table.append([
                "\(Formatting.signed(row.angle))°", "\(row.raw.count)", Formatting.fixed(row.raw.mean, 2),
                Formatting.fixed(row.raw.rootMeanSquare, 2), Formatting.fixed(row.filtered.rootMeanSquare, 2),
                Self.rootMeanSquare(row.raw3D), Self.rootMeanSquare(row.filtered3D),
                "\(Self.percent(row.gated.raw, of: row.gated.rounds)) / \(Self.percent(row.gated.filtered, of: row.gated.rounds))",
            ])
        }
        table.append([
            "**all**", "\(inside.reduce(0) { $0 + $1.raw.count })", "", "**\(Formatting.fixed(Self.pooled(inside.map(\.raw)), 2))**",
            "**\(Formatting.fixed(Self.pooled(inside.map(\.filtered)), 2))**",
            Self.pooledRootMeanSquare(inside.map(\.raw3D)), Self.pooledRootMeanSquare(inside.map(\.filtered3D)), "",
        ])
        return table.markdown
    }

    /// The table outside the field of view.
    var outsideMarkdown: String {
        var table = MarkdownTable(["azimuth", "rounds", "with a raw direction or angle", "with a filtered direction or angle"])
        for row in outside {
            table.append(["\(Formatting.signed(row.angle))°", "\(row.rounds)", "\(row.raw)", "\(row.filtered)"])
        }
        return table.markdown
    }

    /// The RMS over several samples together.
    private static func pooled(_ samples: [ErrorMoments]) -> Double {
        let count = samples.reduce(0) { $0 + $1.count }
        let squares = samples.reduce(0.0) { $0 + Double($1.count) * $1.rootMeanSquare * $1.rootMeanSquare }
        return count == 0 ? .nan : (squares / Double(count)).squareRoot()
    }

    /// A 3-D RMSE cell: "–" for an array without 3-D directions.
    private static func rootMeanSquare(_ sample: ErrorMoments?) -> String {
        sample.map { Formatting.fixed($0.rootMeanSquare, 2) } ?? "–"
    }

    /// A pooled 3-D RMSE cell: "–" unless every angle had 3-D directions.
    private static func pooledRootMeanSquare(_ samples: [ErrorMoments?]) -> String {
        let present = samples.compactMap { $0 }
        return present.count == samples.count ? Formatting.fixed(pooled(present), 2) : "–"
    }

    /// `part` as a percentage of `whole`.
    private static func percent(_ part: Int, of whole: Int) -> String {
        whole == 0 ? "–" : Formatting.fixed(Double(part) / Double(whole) * 100, 0) + " %"
    }
}
