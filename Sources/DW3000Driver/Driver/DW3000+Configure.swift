import Logging
import UWBCore

extension DW3000 {
    /// Applies `config` (UM §2.5, the Qorvo API's `dwt_configure`): the plan's register writes
    /// (``DW3000ConfigurationPlan``), the PLL locked on the channel, the fast SPI clock, the
    /// receiver's PGF calibration, and the STS key and IV when the configuration has an STS.
    ///
    /// - Throws: ``TransceiverError/unsupportedConfiguration(_:)`` for a channel other than 5 or 9
    ///   or 110 kbps; ``TransceiverError/hardwareFault(_:)`` when the PLL does not lock or the
    ///   calibration fails; ``TransceiverError/bus(_:)``.
    public func configure(_ config: RadioConfig) throws(TransceiverError) {
        lastReception = nil
        if let reason = DW3000ConfigurationPlan.unsupportedReason(config) {
            throw .unsupportedConfiguration(reason)
        }
        do {
            let writes = DW3000ConfigurationPlan.writes(config, measuresPhaseDifference: measuresPhaseDifference)
            try Self.onBus { () throws(SPIBusError) in
                for write in writes {
                    try write.run(on: port)
                }
            }
            try lockPLL()
            try Self.onBus { () throws(SPIBusError) in try port.bus.useClock(.fast) }
            try calibrateReceiver()
            if let sts = config.secureTimestamps {
                try loadSecureTimestamps(key: sts.key.octets, initializationVector: sts.initializationVector.octets)
            }
        } catch {
            logger.warning("DW3000 configuration failed", metadata: [LogMetadataKey.error: "\(error)"])
            throw Self.transceiverError(error)
        }
        configuration = config
        frameControl = DW3000ConfigurationPlan.frameControl(config)
        logger.debug("DW3000 configured", metadata: ["configuration": "\(config)"])
    }

    /// Writes the STS key and IV (most significant octet first, as the standard writes them) to
    /// STS_KEY and STS_IV, low word first, and loads the IV into the counter (STS_CTRL.LOAD_IV).
    ///
    /// - Throws: ``DW3000Error/secretWrongLength(register:octets:)`` unless each has 16 octets.
    public func loadSecureTimestamps(key: [UInt8], initializationVector: [UInt8]) throws(DW3000Error) {
        let keyImage = try Self.registerImage(of: key, for: .stsKey)
        let ivImage = try Self.registerImage(of: initializationVector, for: .stsIv)
        try Self.onBus { () throws(SPIBusError) in
            try port.write(.stsKey, octets: keyImage)
            try port.write(.stsIv, octets: ivImage)
            try port.modify(.stsCtrl, and: 0xFF, or: DW3000Register.StsCtrl.loadIv.mask, octets: 1)
        }
    }

    /// The register octets of a 128-bit value given most significant octet first: the same octets,
    /// least significant first (the register is little-endian, STS_KEY0 = bits 31:0 at its start).
    ///
    /// - Throws: ``DW3000Error/secretWrongLength(register:octets:)`` unless `octets` has as many
    ///   octets as `register`.
    public static func registerImage(of octets: [UInt8], for register: DW3000Register) throws(DW3000Error) -> [UInt8] {
        guard octets.count == register.length else {
            throw .secretWrongLength(register: register.name, octets: octets.count)
        }
        return octets.reversed()
    }

    /// Moves the chip from IDLE_RC to IDLE_PLL and waits for the PLL (the Qorvo API's
    /// `ull_setdwstate(DWT_DW_IDLE)` after `ull_setchannel`): CPLOCK cleared, clocks automatic,
    /// PLL calibration enabled, AINIT2IDLE set, then SYS_STATUS.CPLOCK polled.
    private func lockPLL() throws(DW3000Error) {
        try Self.onBus { () throws(SPIBusError) in
            try port.write(.sysStatus, value: DW3000Register.SysStatus.cplock.mask, count: 1)
            try port.write(.clkCtrl, value: DW3000Register.ClkCtrl.otpClkEn.mask, count: 2)
            try port.modify(.pllCal, and: 0xFFFF, or: DW3000Register.PllCal.calEn.mask, octets: 2)
            try port.modify(.seqCtrl, and: 0xFF, or: DW3000Register.SeqCtrl.ainit2idle.mask >> 8, octets: 1, offset: 1)
        }
        try Self.poll("the PLL lock (SYS_STATUS.CPLOCK)", chip: chip) { () throws(SPIBusError) in
            try port.readValue(.sysStatus, count: 1) & DW3000Register.SysStatus.cplock.mask != 0
        }
    }

    /// The receiver's PGF calibration (UM §8.2.6.2–8.2.6.5, the Qorvo API's `dwt_pgf_cal`): the
    /// receiver LDOs on, calibration mode, CAL_EN, RX_CAL_STS polled until 1, normal mode, the
    /// status cleared, the results made readable and checked, the LDOs restored.
    private func calibrateReceiver() throws(DW3000Error) {
        let receiverRegulators = DW3000Register.LdoCtrl.ldoVddif2En.mask | DW3000Register.LdoCtrl.ldoVddms3En.mask
            | DW3000Register.LdoCtrl.ldoVddms1En.mask
        let regulators = try Self.onBus { () throws(SPIBusError) in
            let saved = try port.readValue(.ldoCtrl, count: 2)
            try port.modify(.ldoCtrl, and: 0xFFFF, or: receiverRegulators, octets: 2)
            try port.write(.rxCal, value: DW3000Register.RxCal.compDly.placing(2) | DW3000Register.RxCal.calMode.placing(1))
            try port.modify(.rxCal, and: 0xFF, or: DW3000Register.RxCal.calEn.mask, octets: 1)
            return saved
        }
        try Self.poll("the receiver calibration (RX_CAL_STS)", chip: chip) { () throws(SPIBusError) in
            try port.readValue(.rxCalSts) == 1
        }
        let (inPhase, quadrature) = try Self.onBus { () throws(SPIBusError) in
            try port.write(.rxCal, value: 0, count: 1)
            try port.write(.rxCalSts, value: 1)
            try port.modify(.rxCal, and: 0xFF, or: 0x01, octets: 1, offset: 2)
            let results = (try port.readValue(.rxCalResi), try port.readValue(.rxCalResq))
            try port.modify(.ldoCtrl, and: regulators, or: 0, octets: 2)
            return results
        }
        for (register, value) in [("RX_CAL_RESI", inPhase), ("RX_CAL_RESQ", quadrature)]
        where value == DW3000Constants.failedCalibrationResult {
            throw .calibrationFailed(register: register, value: value)
        }
    }

    /// A bring-up or configuration failure as the `Transceiver` reports it.
    static func transceiverError(_ error: DW3000Error) -> TransceiverError {
        switch error {
        case .bus(let failure): .bus(failure)
        default: .hardwareFault(error.description)
        }
    }
}
