import UWBCore

extension CIRDocument {
    /// The document in `object`, a line marked with ``CIRDocumentKey/kindValue``.
    ///
    /// - Throws: ``JSONFieldError`` naming the first field missing or of the wrong type: the
    ///   required ones are the kind, device, chip, accumulator, tap spacing, first sample index and
    ///   samples; the truth's fields are required once ``CIRDocumentKey/straightLineIndex`` is there.
    init(json object: JSONObject<JSONFieldError>) throws(JSONFieldError) {
        let kind = try object.field(CIRDocumentKey.kind)
        let kindText = try kind.string()
        guard kindText == CIRDocumentKey.kindValue else {
            throw kind.failure(.unsupportedValue(value: "\"\(kindText)\"", allowed: ["\"\(CIRDocumentKey.kindValue)\""]))
        }
        device = try object.field(CIRDocumentKey.device).string()
        chip = try object.field(CIRDocumentKey.chip).integer()
        accumulator = try object.field(CIRDocumentKey.accumulator).choice(ImpulseResponseAccumulator.self)
        tapSpacingNanoseconds = try object.field(CIRDocumentKey.tapSpacing).number()
        accumulatorLength = try object.optionalField(CIRDocumentKey.accumulatorLength).map { field throws(JSONFieldError) in
            try field.integer()
        }
        firstSampleIndex = try object.field(CIRDocumentKey.firstSampleIndex).integer()
        samples = try object.field(CIRDocumentKey.samples).array().map(Self.sample)
        firstPathIndex = try object.optionalField(CIRDocumentKey.firstPathIndex).map { field throws(JSONFieldError) in try field.number() }
        preambleSymbols = try object.optionalField(CIRDocumentKey.preambleSymbols).map { field throws(JSONFieldError) in
            try field.integer()
        }
        truth = try object.optionalField(CIRDocumentKey.straightLineIndex).map { field throws(JSONFieldError) in
            CIRTruth(
                straightLineIndex: try field.number(),
                directPathIndex: try Self.nullable(object.field(CIRDocumentKey.trueFirstPathIndex)),
                threshold: try Self.nullable(object.field(CIRDocumentKey.threshold)),
                noise: try Self.nullable(object.field(CIRDocumentKey.noise)))
        }
    }

    /// A sample `[real, imaginary]`, each part a whole number that fits 32 bits.
    private static func sample(_ field: JSONField<JSONFieldError>) throws(JSONFieldError) -> ImpulseResponseSample {
        let parts = try field.array(count: 2, of: "whole numbers [real, imaginary]")
        return ImpulseResponseSample(real: try part(parts[0]), imaginary: try part(parts[1]))
    }

    /// One part of a sample.
    private static func part(_ field: JSONField<JSONFieldError>) throws(JSONFieldError) -> Int32 {
        let value = try field.integer()
        guard let part = Int32(exactly: value) else { throw field.failure(.numberTooLarge(Double(value))) }
        return part
    }

    /// A number that the key must be there for, but may be `null`.
    private static func nullable(_ field: JSONField<JSONFieldError>) throws(JSONFieldError) -> Double? {
        field.value == .null ? nil : try field.number()
    }
}
