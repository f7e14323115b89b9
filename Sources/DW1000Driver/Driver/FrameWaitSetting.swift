import UWBCore

/// The register writes that set the frame-wait timeout of the next reception (UM §7.2.14):
/// RX_FWTO for a timeout, and SYS_CFG when its RXWTOE bit changes.
///
/// ``DW1000/frameWaitSetting(_:)`` works it out, so that every check is done before anything is
/// written; it is written as part of a larger batch, and the driver records ``systemConfiguration``
/// once the batch has gone out.
struct FrameWaitSetting {
    /// RX_FWTO in 1.0256 µs units, or `nil` for no timeout (RX_FWTO is then left as it is).
    let units: Int64?
    /// SYS_CFG with RXWTOE set for a timeout and clear for none.
    let systemConfiguration: UInt64
    /// Whether SYS_CFG differs from what was last written and must be written.
    let changesSystemConfiguration: Bool

    /// Writes RX_FWTO if there is a timeout, then SYS_CFG if it changes.
    func write(into batch: inout RegisterBatch) throws(SPIBusError) {
        if let units {
            try batch.write(.rxFwto, value: UInt64(units))
        }
        if changesSystemConfiguration {
            try batch.write(.sysCfg, value: systemConfiguration)
        }
    }
}

/// SYS_CFG for a receiver enable without and with a frame-wait timeout, under one configuration
/// and frame filter (``ConfigurationPlan/systemConfiguration(_:frameWaitTimeout:frameFilter:)``):
/// worked out by ``DW1000/configure(_:)`` and ``DW1000/filterFrames(_:)``, when either changes,
/// rather than on every receiver enable.
struct FrameWaitSystemConfigurations {
    /// SYS_CFG with RXWTOE clear.
    let withoutTimeout: UInt64
    /// SYS_CFG with RXWTOE set.
    let withTimeout: UInt64

    /// Both values for `config` with `frameFilter` (if any) on.
    init(_ config: RadioConfig, frameFilter: FrameFilter?) {
        withoutTimeout = ConfigurationPlan.systemConfiguration(config, frameWaitTimeout: false, frameFilter: frameFilter)
        withTimeout = ConfigurationPlan.systemConfiguration(config, frameWaitTimeout: true, frameFilter: frameFilter)
    }

    /// SYS_CFG with RXWTOE set if `timeout`, clear if not.
    @inline(__always)
    func systemConfiguration(timeout: Bool) -> UInt64 {
        timeout ? withTimeout : withoutTimeout
    }
}
