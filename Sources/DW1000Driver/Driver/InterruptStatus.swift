import UWBCore

/// What ``DW1000/handleInterrupt()`` reads first: SYS_STATUS, and the registers its events need
/// before anything else, TX_STAMP after TX done and RX_FINFO after a good frame.
///
/// On a bus that batches, all three are read in one round trip, needed or not; on any other bus
/// TX_STAMP and RX_FINFO are read only when SYS_STATUS says they are needed.
struct InterruptStatus {
    /// SYS_STATUS (0x0F), octets 0–3.
    let status: UInt64
    /// TX_STAMP (0x17:00), if read.
    let transmitStamp: UInt64?
    /// RX_FINFO (0x10), if read.
    let frameInformation: UInt64?

    /// Reads SYS_STATUS and, as needed or as a batch allows, TX_STAMP then RX_FINFO.
    init(reading batch: inout RegisterBatch) throws(SPIBusError) {
        status = try batch.readValue(.sysStatus, count: 4)
        let transmitted = status & DW1000Register.SysStatus.txfrs.mask != 0
        transmitStamp = batch.readsAhead || transmitted ? try batch.readValue(.txStamp) : nil
        let received = status & DW1000Register.SysStatus.rxfcg.mask != 0
        frameInformation = batch.readsAhead || received ? try batch.readValue(.rxFinfo) : nil
    }
}
