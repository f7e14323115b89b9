import UWBCore

/// Reads one JSON line of each kind `uwb plot` reads into its sample type.
enum DistanceReading {
    /// A line with the distance `keys` of `uwb range` or `uwb demo` output.
    static func distanceSample(_ line: JSONObject<JSONFieldError>, keys: DistanceLineKeys) throws(JSONFieldError) -> DistanceSample {
        for marker in keys.markers {
            _ = try line.field(marker)
        }
        return DistanceSample(
            seconds: try line.field(keys.time).number(),
            device: try line.field(keys.device).string(),
            peer: try line.field(keys.peer).string(),
            measured: try line.optionalField(keys.distance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            truth: try line.optionalField(keys.trueDistance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            direction: try line.optionalField(keys.direction).map(vector),
            horizontalAngle: try line.optionalField(keys.horizontalAngle).map { field throws(JSONFieldError) in
                Angle(radians: try field.number())
            })
    }

    /// A `uwb locate --format jsonl` line.
    static func positionSample(_ line: JSONObject<JSONFieldError>) throws(JSONFieldError) -> PositionSample {
        _ = try line.field(PositionLineKey.method)
        return PositionSample(
            seconds: try line.field(PositionLineKey.time).number(),
            device: try line.field(PositionLineKey.device).string(),
            position: try line.optionalField(PositionLineKey.position).map(point),
            tracked: try line.optionalField(PositionLineKey.tracked).map(point),
            truth: try point(line.field(PositionLineKey.truth)))
    }

    /// A `uwb calibrate pdoa --samples` line.
    static func pdoaSample(_ line: JSONObject<JSONFieldError>) throws(JSONFieldError) -> PDoASample {
        PDoASample(
            seconds: try line.field(PDoASampleKey.time).number(),
            device: try line.field(PDoASampleKey.device).string(),
            peer: try line.field(PDoASampleKey.peer).string(),
            chip: try line.field(PDoASampleKey.chip).integer(),
            trueAngle: Angle(radians: try line.field(PDoASampleKey.trueAngle).number()),
            pdoa: Angle(radians: try line.field(PDoASampleKey.pdoa).number()),
            corrected: try line.optionalField(PDoASampleKey.correctedPDoA).map { field throws(JSONFieldError) in
                Angle(radians: try field.number())
            })
    }

    /// A direction `[x, y, z]`.
    private static func vector(_ field: JSONField<JSONFieldError>) throws(JSONFieldError) -> Vector3 {
        try triple(field, of: "numbers (a unit vector)")
    }

    /// A position `[x, y, z]` in metres.
    private static func point(_ field: JSONField<JSONFieldError>) throws(JSONFieldError) -> Vector3 {
        try triple(field, of: "numbers (a position in metres)")
    }

    /// Three numbers, `what` for messages.
    private static func triple(_ field: JSONField<JSONFieldError>, of what: String) throws(JSONFieldError) -> Vector3 {
        let elements = try field.array(count: 3, of: what)
        return Vector3(x: try elements[0].number(), y: try elements[1].number(), z: try elements[2].number())
    }
}
