import UWBCore

/// Reads one JSON line of each kind `uwb plot` reads into its sample type.
enum DistanceReading {
    /// A `uwb range --format jsonl` line (`Docs/ranging-output.md`).
    static func rangeSample(_ line: JSONObject<JSONFieldError>) throws(JSONFieldError) -> DistanceSample {
        DistanceSample(
            seconds: try line.field(RangeLineKey.time).number(),
            device: try line.field(RangeLineKey.from).string(),
            peer: try line.field(RangeLineKey.to).string(),
            measured: try line.optionalField(RangeLineKey.distance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            truth: try line.optionalField(RangeLineKey.trueDistance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            direction: try line.optionalField(RangeLineKey.direction).map(vector),
            horizontalAngle: try line.optionalField(RangeLineKey.horizontalAngle).map { field throws(JSONFieldError) in
                Angle(radians: try field.number())
            })
    }

    /// A `uwb demo --format jsonl` line (`Docs/demo-output.md`).
    static func demoSample(_ line: JSONObject<JSONFieldError>) throws(JSONFieldError) -> DistanceSample {
        _ = try line.field(DemoLineKey.state).string()
        return DistanceSample(
            seconds: try line.field(DemoLineKey.time).number(),
            device: try line.field(DemoLineKey.device).string(),
            peer: try line.field(DemoLineKey.peer).string(),
            measured: try line.optionalField(DemoLineKey.distance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            truth: try line.optionalField(DemoLineKey.trueDistance).map { field throws(JSONFieldError) in Distance(metres: try field.number()) },
            direction: try line.optionalField(DemoLineKey.direction).map(vector),
            horizontalAngle: try line.optionalField(DemoLineKey.horizontalAngle).map { field throws(JSONFieldError) in
                Angle(radians: try field.number())
            })
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
        let elements = try field.array(count: 3, of: "numbers (a unit vector)")
        return Vector3(x: try elements[0].number(), y: try elements[1].number(), z: try elements[2].number())
    }
}
