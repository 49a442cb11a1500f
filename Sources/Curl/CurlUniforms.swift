import Geometry

/// Uniforms of the page vertex shader (GLSL ES 1.00): `vec2 axis`, `vec2 normal`, `float radius`, `bool curled`.
/// When `curled` is false the page is flat; the other fields then still describe a cylinder that leaves every
/// page point flat (axis 10⁶ px away), so a shader that ignores the flag is also right.
public struct CurlUniforms: Hashable, Sendable {
    public var axisX: Float
    public var axisY: Float
    public var normalX: Float
    public var normalY: Float
    public var radius: Float
    public var curled: Bool

    public init(axisX: Float, axisY: Float, normalX: Float, normalY: Float, radius: Float, curled: Bool) {
        self.axisX = axisX; self.axisY = axisY; self.normalX = normalX; self.normalY = normalY
        self.radius = radius; self.curled = curled
    }
}
