import Foundation
import Testing
import UWBCore
@testable import UWBRanging

/// Field-of-view gating around −z.
@Suite struct FieldOfViewTests {
    /// The unit vector `offAxis` degrees from −z, rotated by `roll` degrees around it.
    static func vector(offAxis: Double, roll: Double) -> Vector3 {
        let o = offAxis * .pi / 180
        let r = roll * .pi / 180
        return Vector3(x: sin(o) * cos(r), y: sin(o) * sin(r), z: -cos(o))
    }

    @Test(arguments: [0.0, 45, 90, 180, 270])
    func sixtyDegreesIsTheDefaultEdge(roll: Double) {
        let view = FieldOfView()
        #expect(view.contains(Self.vector(offAxis: 59, roll: roll)))
        #expect(!view.contains(Self.vector(offAxis: 61, roll: roll)))
        #expect(!view.contains(Self.vector(offAxis: 120, roll: roll)))
    }

    @Test func horizontalAnglesAndCustomHalfAngles() {
        let view = FieldOfView()
        #expect(view.contains(horizontalAngle: .degrees(59)))
        #expect(view.contains(horizontalAngle: .degrees(-59)))
        #expect(!view.contains(horizontalAngle: .degrees(61)))
        #expect(!view.contains(horizontalAngle: .degrees(-61)))
        let narrow = FieldOfView(halfAngle: .degrees(30))
        #expect(narrow.contains(Self.vector(offAxis: 29, roll: 10)))
        #expect(!narrow.contains(Self.vector(offAxis: 31, roll: 10)))
        #expect(!view.contains(.zero))
        #expect(!view.contains(horizontalAngle: Angle(radians: .nan)))
    }

    @Test func gatingRemovesWhatLiesOutside() {
        let view = FieldOfView()
        let outside = DirectionEstimate(direction: Self.vector(offAxis: 61, roll: 90), horizontalAngle: .zero)
        #expect(view.gated(outside) == DirectionEstimate(direction: nil, horizontalAngle: nil))
        let inside = DirectionEstimate(direction: Self.vector(offAxis: 59, roll: 0), horizontalAngle: .degrees(59))
        #expect(view.gated(inside) == inside)
        let angleOnly = DirectionEstimate(direction: nil, horizontalAngle: .degrees(61))
        #expect(view.gated(angleOnly).horizontalAngle == nil)
    }
}
