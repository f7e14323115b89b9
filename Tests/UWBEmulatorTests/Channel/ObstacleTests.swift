import Testing
import UWBCore
import UWBEmulator

@Suite("Obstacles: segment–box intersection")
struct ObstacleTests {
    /// A wall 2 m wide and 2 m high, 1 m thick, between z = −2 and z = −1.
    private func wall() throws -> Obstacle {
        try Obstacle(
            name: "wall", minimum: Position(metres: Vector3(x: -1, y: -1, z: -2)),
            maximum: Position(metres: Vector3(x: 1, y: 1, z: -1)), attenuation: PowerRatio(decibels: 10))
    }

    private func point(_ x: Double, _ y: Double, _ z: Double) -> Position { Position(metres: Vector3(x: x, y: y, z: z)) }

    @Test("a segment through the box is blocked")
    func hit() throws {
        let box = try wall()
        #expect(box.blocks(from: point(0, 0, 0), to: point(0, 0, -3)))
        // Diagonal: from (−3, 0, 0) to (3, 0, −3) passes x = 0 at z = −1.5, inside the box.
        #expect(box.blocks(from: point(-3, 0, 0), to: point(3, 0, -3)))
        // Both ends inside.
        #expect(box.blocks(from: point(0, 0, -1.2), to: point(0.5, 0.5, -1.8)))
    }

    @Test("a segment beside the box is not blocked")
    func miss() throws {
        #expect(try !wall().blocks(from: point(5, 0, 0), to: point(5, 0, -3)))
        // Passes above: y = 2 > 1.
        #expect(try !wall().blocks(from: point(0, 2, 0), to: point(0, 2, -3)))
    }

    @Test("a segment parallel to a pair of faces is blocked only when it lies between them")
    func parallel() throws {
        let box = try wall()
        // Along x at z = 0: outside the z slab [−2, −1].
        #expect(!box.blocks(from: point(-5, 0, 0), to: point(5, 0, 0)))
        // Along x at z = −1.5: inside the z and y slabs, crosses x ∈ [−1, 1].
        #expect(box.blocks(from: point(-5, 0, -1.5), to: point(5, 0, -1.5)))
    }

    @Test("a segment that ends before the box, or a box behind the start, does not block")
    func shortAndBehind() throws {
        let box = try wall()
        #expect(!box.blocks(from: point(0, 0, 0), to: point(0, 0, -0.5)))
        #expect(!box.blocks(from: point(0, 0, 0), to: point(0, 0, 3)))
        // Touching the near face counts as blocked (closed box).
        #expect(box.blocks(from: point(0, 0, 0), to: point(0, 0, -1)))
    }

    @Test("inverted corners, non-finite coordinates and negative attenuation are rejected")
    func invalid() {
        #expect(throws: ChannelModelError.invertedBox(obstacle: "door", axis: "y", minimum: 2, maximum: 1)) {
            try Obstacle(
                name: "door", minimum: Position(metres: Vector3(x: 0, y: 2, z: 0)),
                maximum: Position(metres: Vector3(x: 1, y: 1, z: 1)), attenuation: PowerRatio(decibels: 3))
        }
        #expect(throws: ChannelModelError.self) {
            try Obstacle(
                name: "door", minimum: Position(metres: Vector3(x: .nan, y: 0, z: 0)),
                maximum: Position(metres: Vector3(x: 1, y: 1, z: 1)), attenuation: PowerRatio(decibels: 3))
        }
        #expect(throws: ChannelModelError.negative(parameter: "obstacle \"door\" attenuationDB", value: -3)) {
            try Obstacle(
                name: "door", minimum: .origin, maximum: Position(metres: Vector3(x: 1, y: 1, z: 1)),
                attenuation: PowerRatio(decibels: -3))
        }
        let message = ChannelModelError.invertedBox(obstacle: "door", axis: "y", minimum: 2, maximum: 1).description
        #expect(message.contains("door") && message.contains("min.y"))
    }
}
