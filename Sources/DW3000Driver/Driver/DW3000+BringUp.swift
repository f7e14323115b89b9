import Logging
import UWBCore

extension DW3000 {
    /// The SYS_STATUS events the driver handles and therefore enables in SYS_ENABLE: TX done, good
    /// and failed receptions, and every receive timeout (UM §8.2.2.14–8.2.2.15).
    static let handledEvents: UInt64 = DW3000Register.SysStatus.txfrs.mask
        | DW3000Register.SysStatus.rxfcg.mask | DW3000Register.SysStatus.rxfce.mask
        | DW3000Register.SysStatus.rxphe.mask | DW3000Register.SysStatus.rxfsl.mask
        | DW3000Register.SysStatus.rxfto.mask | DW3000Register.SysStatus.rxpto.mask
        | DW3000Register.SysStatus.rxsto.mask | DW3000Register.SysStatus.ciaerr.mask
        | DW3000Register.SysStatus.arfe.mask

    /// The two bits that say the chip is in IDLE_RC and its SPI is ready after a reset.
    static let idleEvents: UInt64 = DW3000Register.SysStatus.rcinit.mask | DW3000Register.SysStatus.spirdy.mask

    /// The bring-up before the OTP reads (UM §2.4 and the Qorvo API's `dwt_softreset` and
    /// `dwt_checkidlerc`), on the slow SPI clock: reset pulse, DEV_ID, system clock to the crystal,
    /// SOFT_RST, wait for IDLE_RC, clear those events.
    ///
    /// - Returns: whether the chip measures the phase difference (a DW3x20).
    static func bringUp(_ port: DW3000RegisterPort, logger: Logger) throws(DW3000Error) -> Bool {
        do {
            try port.bus.useClock(.initial)
            try port.bus.reset(port.chip)
        } catch {
            throw .bus(error)
        }
        let measuresPhase = try identify(port, logger: logger)
        try onBus { () throws(SPIBusError) in
            try port.modify(.clkCtrl, and: 0xFF, or: DW3000Register.ClkCtrl.sysClkSel.placing(3), octets: 1)
            try port.write(.softRst, value: 0x00)
        }
        try poll("IDLE_RC after the soft reset", chip: port.chip) { () throws(SPIBusError) in
            try port.readValue(.sysStatus, count: 4) & idleEvents == idleEvents
        }
        try onBus { () throws(SPIBusError) in
            try port.write(.sysStatus, value: idleEvents, count: 4)
            try port.write(.sysEnable, value: handledEvents, count: 4)
            try port.modify(.ciaConf, and: ~(DW3000Register.CiaConf.mindiag.mask >> 16) & 0xFF, or: 0, octets: 1, offset: 2)
        }
        return measuresPhase
    }

    /// Reads DEV_ID and checks that it is a DW3000's.
    ///
    /// - Returns: whether the part has two antenna ports (0xDECA0312).
    /// - Throws: ``DW3000Error/unexpectedDeviceID(_:chip:)`` explaining what the value suggests.
    static func identify(_ port: DW3000RegisterPort, logger: Logger) throws(DW3000Error) -> Bool {
        let value = try onBus { () throws(SPIBusError) in UInt32(truncatingIfNeeded: try port.readValue(.devId)) }
        logger.debug("DEV_ID read", metadata: ["dev_id": "\(DW3000Error.hex(UInt64(value), digits: 8))"])
        guard let twoPorts = DW3000Constants.deviceIDs[value] else {
            throw .unexpectedDeviceID(value, chip: port.chip)
        }
        return twoPorts
    }

    /// Applies the OTP calibration (UM §2.4, Qorvo API `dwt_initialise`): kicks the LDO and bias
    /// tune from OTP and writes the bias into BIAS_CTRL when OTP holds them, and writes the crystal trim.
    func apply(_ calibration: OTPCalibration) throws(DW3000Error) {
        try Self.onBus { () throws(SPIBusError) in
            if let bias = calibration.biasTune {
                try port.modify(
                    .otpCfg, and: 0xFFFF,
                    or: DW3000Register.OtpCfg.ldoKick.mask | DW3000Register.OtpCfg.biasKick.mask, octets: 2)
                try port.modify(.biasCtrl, and: ~DW3000Register.BiasCtrl.bias.mask & 0xFFFF, or: bias, octets: 2)
            }
            try port.write(.xtal, value: calibration.crystalTrim)
        }
    }

    /// Reads until `condition` holds, at most ``DW3000Constants/pollLimit`` times.
    static func poll(_ step: String, chip: ChipSelect, _ condition: () throws(SPIBusError) -> Bool) throws(DW3000Error) {
        for _ in 0..<DW3000Constants.pollLimit where try onBus(condition) {
            return
        }
        throw .stepDidNotFinish(step, chip: chip)
    }

    /// Runs register transactions, turning bus failures into ``DW3000Error/bus(_:)``.
    static func onBus<T>(_ body: () throws(SPIBusError) -> T) throws(DW3000Error) -> T {
        do {
            return try body()
        } catch {
            throw .bus(error)
        }
    }
}
