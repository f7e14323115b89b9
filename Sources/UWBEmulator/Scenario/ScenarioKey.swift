/// The keys of the scenario format (`Docs/scenarios.md`). The decoder builds every field path
/// from these, so each error names exactly the key to fix.
enum ScenarioKey {
    static let name = "name"
    static let seed = "seed"
    static let duration = "durationSeconds"
    static let radio = "radio"
    static let channel = "channel"
    static let obstacles = "obstacles"
    static let devices = "devices"

    static let radioChannel = "channel"
    static let prf = "prfMHz"
    static let preambleLength = "preambleLength"
    static let preambleCode = "preambleCode"
    static let pac = "preambleAcquisitionChunk"
    static let dataRate = "dataRateKbps"
    static let sfd = "sfd"

    static let model = "model"
    static let pathLossExponent = "pathLossExponent"
    static let shadowing = "shadowingDB"
    static let frameLoss = "frameLossPercent"

    static let min = "min"
    static let max = "max"
    static let attenuation = "attenuationDB"

    static let board = "board"
    static let position = "position"
    static let orientation = "orientation"
    static let path = "path"
    static let clock = "clock"
    static let antennaDelays = "antennaDelays"
    static let phaseOffsets = "phaseOffsetsRadians"
    static let phaseAtReset = "phaseAtReset"
    static let txPower = "txPowerDBm"
    static let transmit = "transmit"
    static let rogue = "rogue"
    static let kind = "kind"
    static let delay = "delaySeconds"
    static let claim = "claimMetres"
    static let lead = "leadSeconds"
    static let dutyCycle = "dutyCycle"
    static let advance = "advanceMetres"
    static let victims = "victims"

    static let yaw = "yawDegrees"
    static let pitch = "pitchDegrees"
    static let roll = "rollDegrees"

    static let waypoints = "waypoints"
    static let loop = "loop"
    static let speed = "speedMetresPerSecond"

    static let offset = "offsetPPM"
    static let drift = "driftPPMPerSqrtSecond"
    static let steps = "steps"
    static let atSeconds = "atSeconds"

    static let txTicks = "txTicks"
    static let rxTicks = "rxTicks"

    static let interval = "intervalSeconds"
    static let payloadLength = "payloadLength"
    static let start = "startSeconds"
}
