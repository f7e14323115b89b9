import Logging
import UWBCore

extension DeviceService {
    /// The metadata of a log record about the session of `token`: `session` (its identifier),
    /// `extra`, and the `error` and its `ni.code` if there is one.
    static func metadata(of token: NIDiscoveryToken, _ extra: Logger.Metadata = [:], error: NIError? = nil) -> Logger.Metadata {
        var metadata = extra
        metadata[LogMetadataKey.session] = "\(token.content.identifier)"
        if let error {
            metadata[LogMetadataKey.error] = "\(error)"
            metadata["ni.code"] = "\(error.code)"
        }
        return metadata
    }
}
