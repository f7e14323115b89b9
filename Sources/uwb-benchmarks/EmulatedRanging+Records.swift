import EmulatorHarness
import UWBEmulator

extension ScenarioRanging {
    /// The initiator's (first device's) records with ground truth, made `settle` virtual seconds
    /// or more into the run (0 keeps them all; the filters need a second or so to converge).
    func initiatorRecords(settle: Double = 0) -> [(record: RangingRecord, truth: GroundTruth)] {
        let initiator = emulation.devices.first?.name
        return records.compactMap { record in
            guard record.observer == initiator, let truth = record.truth,
                  Double(record.time.picoseconds) * 1e-12 >= settle
            else { return nil }
            return (record, truth)
        }
    }
}
