/// The error domain of Nearby Interaction errors (Apple: iOS 14), ``NIError/errorDomain``.
///
/// Its value, `com.apple.NearbyInteraction`, is the domain string of Apple's framework, so code that
/// compares `(error as NSError).domain` with a literal behaves the same; compare with this constant.
public let NIErrorDomain: String = "com.apple.NearbyInteraction"
