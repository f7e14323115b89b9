/// Why a FiRa key could not be derived or a FiRa frame could not be protected or opened.
public enum FiRaSecurityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key (a provisioned session key, or a derived one) that is not 16 octets.
    case wrongKeyLength(Int)
    /// A static STS's vUpper64 that is not 8 octets.
    case wrongVUpperLength(Int)
    /// A frame shorter than its header (and, to open it, its MIC).
    case frameTooShort(length: Int, needed: Int)
    /// A frame whose MIC does not match: altered, or protected under other keys.
    case authenticationFailed
    /// An encrypted header IE whose span does not fit the frame.
    case headerIEOutOfFrame(offset: Int, length: Int, frameLength: Int)
    /// The block cipher refused its input.
    case cipher(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .wrongKeyLength(let length):
            "a FiRa key of \(length) octets: FiRa's keys are AES-128 keys of 16 octets"
        case .wrongVUpperLength(let length):
            "a static STS vUpper64 of \(length) octets: give 8 (the VENDOR_ID's 2 and the STATIC_STS_IV's 6)"
        case .frameTooShort(let length, let needed):
            "a FiRa frame of \(length) octets where at least \(needed) are needed"
        case .authenticationFailed:
            "the FiRa frame's MIC does not match: it was altered, or protected under another session's keys"
        case .headerIEOutOfFrame(let offset, let length, let frameLength):
            "a header IE of \(length) octets at \(offset) does not fit a frame of \(frameLength)"
        case .cipher(let detail):
            "AES refused its input: \(detail)"
        }
    }
}
