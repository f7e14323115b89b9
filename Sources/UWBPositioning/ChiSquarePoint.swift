/// Upper points of the chi-square distribution, by the Wilson–Hilferty approximation (E. B. Wilson
/// and M. M. Hilferty, "The distribution of chi-square", PNAS 17, 1931): within 1 % of the tables'
/// 5.991 (95 %, 2 degrees of freedom) and 13.82 (99.9 %) from two degrees of freedom on.
enum ChiSquarePoint {
    /// 99.9 %: measurements (or a fix against its track) beyond it disagree with their stated errors.
    case outlier
    /// 95 %: a tracked tag whose fix lies beyond it is manoeuvring.
    case manoeuvre

    /// The standard normal distribution's quantile at the same probability.
    var normalQuantile: Double {
        switch self {
        case .outlier: 3.090_232
        case .manoeuvre: 1.644_854
        }
    }

    /// The point with `degreesOfFreedom` degrees of freedom.
    func value(degreesOfFreedom: Int) -> Double {
        Double(degreesOfFreedom) * perDegreeOfFreedom(degreesOfFreedom)
    }

    /// The point with `degreesOfFreedom` degrees of freedom, divided by them.
    func perDegreeOfFreedom(_ degreesOfFreedom: Int) -> Double {
        let k = Double(degreesOfFreedom)
        let root = 1 - 2 / (9 * k) + normalQuantile * (2 / (9 * k)).squareRoot()
        return root * root * root
    }
}
