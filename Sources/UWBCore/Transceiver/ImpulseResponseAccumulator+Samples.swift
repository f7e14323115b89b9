extension ImpulseResponseAccumulator {
    /// The taps a read of `requested` covers in this accumulator when it has `length` valid taps:
    /// all of them for `nil`, else `requested` itself once checked. For drivers implementing
    /// ``Transceiver/readChannelImpulseResponse(_:samples:)``.
    ///
    /// - Throws: ``TransceiverError/samplesOutsideAccumulator(requested:valid:accumulator:)`` when
    ///   `requested` is empty or reaches outside `0..<length`.
    public func samples(_ requested: Range<Int>?, length: Int) throws(TransceiverError) -> Range<Int> {
        let valid = 0..<max(0, length)
        guard let requested else { return valid }
        guard !requested.isEmpty, requested.lowerBound >= valid.lowerBound, requested.upperBound <= valid.upperBound else {
            throw .samplesOutsideAccumulator(requested: requested, valid: valid, accumulator: self)
        }
        return requested
    }
}
