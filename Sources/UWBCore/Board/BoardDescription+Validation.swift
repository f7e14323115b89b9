extension BoardDescription {
    /// Checks every rule a board description must follow, naming the JSON field of the first
    /// problem.
    func validate() throws(BoardDescriptionError) {
        try Self.validateIdentifier(id)
        if name.allSatisfy(\.isWhitespace) { throw .emptyText(field: BoardKey.name) }
        if summary.allSatisfy(\.isWhitespace) { throw .emptyText(field: BoardKey.description) }
        try validateSPI()
        guard (1...3).contains(chips.count) else { throw .chipCount(chips.count) }
        for (index, chip) in chips.enumerated() {
            try validate(chip, at: BoardKey.chip(index))
        }
        try validateChipSelects()
        try validatePins()
        try validateReferencePhases()
    }

    /// Checks that `id` is kebab-case: lowercase letters and digits in groups joined by single
    /// hyphens.
    static func validateIdentifier(_ id: String, field: String = BoardKey.id) throws(BoardDescriptionError) {
        let groups = id.split(separator: "-", omittingEmptySubsequences: false)
        let valid = groups.allSatisfy { group in
            !group.isEmpty && group.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
        guard valid else { throw .invalidIdentifier(field: field, value: id) }
    }

    private func validateSPI() throws(BoardDescriptionError) {
        let initialField = BoardKey.path(BoardKey.spi, BoardKey.initialClock)
        let fastField = BoardKey.path(BoardKey.spi, BoardKey.fastClock)
        try Self.validateClock(spi.initialClock, limit: SPISettings.maximumInitialClock, field: initialField)
        try Self.validateClock(spi.fastClock, limit: SPISettings.maximumFastClock, field: fastField)
        guard spi.fastClock >= spi.initialClock else {
            throw .fastClockBelowInitialClock(initial: spi.initialClock, fast: spi.fastClock)
        }
        guard SPISettings.supportedModes.contains(spi.mode) else {
            throw .unsupportedValue(
                field: BoardKey.path(BoardKey.spi, BoardKey.mode), value: "mode \(spi.mode)",
                allowed: SPISettings.supportedModes.map(String.init))
        }
    }

    private static func validateClock(_ clock: Frequency, limit: Frequency, field: String) throws(BoardDescriptionError) {
        guard clock.hertz.isFinite else { throw .notFinite(field: field) }
        guard clock <= limit else { throw .spiClockTooFast(field: field, clock: clock, limit: limit) }
        guard clock >= SPISettings.minimumClock else { throw .spiClockTooSlow(field: field, clock: clock) }
    }

    private func validate(_ chip: BoardChip, at path: String) throws(BoardDescriptionError) {
        let clockField = BoardKey.path(path, BoardKey.clock)
        if chip.clock.allSatisfy(\.isWhitespace) { throw .emptyText(field: clockField) }

        let antennaPath = BoardKey.path(path, BoardKey.antenna)
        guard chip.antennaPositions.count == chip.model.antennaPorts else {
            throw .antennaPortCount(field: antennaPath, model: chip.model, found: chip.antennaPositions.count)
        }
        for (port, position) in chip.antennaPositions.enumerated() {
            let positionField = BoardKey.path(antennaPath, port == 0 ? BoardKey.position : BoardKey.secondPort)
            let coordinates = [position.metres.x, position.metres.y, position.metres.z]
            for (axis, coordinate) in coordinates.enumerated() {
                let field = BoardKey.path(positionField, index: axis)
                guard coordinate.isFinite else { throw .notFinite(field: field) }
                guard abs(coordinate) <= BoardChip.maximumAntennaOffset.metres else {
                    throw .antennaTooFarFromOrigin(field: field, metres: coordinate)
                }
            }
        }

        let calibrationPath = BoardKey.path(path, BoardKey.calibration)
        let delays = [
            (BoardKey.txAntennaDelay, chip.calibration.txAntennaDelay, "TX_ANTD"),
            (BoardKey.rxAntennaDelay, chip.calibration.rxAntennaDelay, "LDE_RXANTD"),
        ]
        for (key, delay, register) in delays {
            guard (DeviceDuration.zero...ChipCalibration.maximumAntennaDelay).contains(delay) else {
                throw .antennaDelayOutOfRange(
                    field: BoardKey.path(calibrationPath, key), ticks: delay.ticks, register: register)
            }
        }
        let phaseField = BoardKey.path(calibrationPath, BoardKey.phaseOffset)
        let phase = chip.calibration.phaseOffset.radians
        guard phase.isFinite else { throw .notFinite(field: phaseField) }
        guard (-Double.pi...Double.pi).contains(phase) else {
            throw .phaseOffsetOutOfRange(field: phaseField, radians: phase)
        }
    }

    private func validateChipSelects() throws(BoardDescriptionError) {
        var firstUse: [Int: String] = [:]
        for (index, chip) in chips.enumerated() {
            let field = BoardKey.path(BoardKey.chip(index), BoardKey.chipSelect)
            let value = chip.chipSelect.index
            guard value < chips.count else {
                throw .chipSelectOutOfRange(field: field, index: value, chipCount: chips.count)
            }
            if let first = firstUse[value] {
                throw .duplicateChipSelect(field: field, index: value, firstField: first)
            }
            firstUse[value] = field
        }
    }

    /// Each pin has one job, except that several chips may share one reset line.
    private func validatePins() throws(BoardDescriptionError) {
        var uses: [FT232HPin: (field: String, chip: Int, isReset: Bool)] = [:]
        for (index, chip) in chips.enumerated() {
            let wiringPath = BoardKey.path(BoardKey.chip(index), BoardKey.wiring)
            let lines = [
                (BoardKey.cs, chip.wiring.cs, false),
                (BoardKey.irq, chip.wiring.irq, false),
                (BoardKey.reset, chip.wiring.reset, true),
            ]
            for (key, pin, isReset) in lines {
                let field = BoardKey.path(wiringPath, key)
                guard !pin.isSPIDataPin else { throw .spiPinNotAllowed(field: field, pin: pin) }
                if let other = uses[pin], !(isReset && other.isReset && other.chip != index) {
                    throw .pinConflict(field: field, pin: pin, otherField: other.field)
                }
                if uses[pin] == nil { uses[pin] = (field, index, isReset) }
            }
        }
    }

    private func validateReferencePhases() throws(BoardDescriptionError) {
        var seenClocks: Set<String> = []
        // A two-port chip's offset is its second port's against its first, which it may have
        // whatever its place on the clock.
        for (index, chip) in chips.enumerated() where seenClocks.insert(chip.clock).inserted && chip.model.antennaPorts == 1 {
            let phase = chip.calibration.phaseOffset.radians
            guard phase == 0 else {
                let field = BoardKey.path(BoardKey.path(BoardKey.chip(index), BoardKey.calibration), BoardKey.phaseOffset)
                throw .referencePhaseOffsetNotZero(field: field, clock: chip.clock, radians: phase)
            }
        }
    }
}
