// Shadow vertex shader: the fraction of the shadow's width from its origin, computed per vertex in
// highp (it is affine in the position, so interpolating it is exact) rather than per fragment from
// page-space positions, which are thousands of pixels and lose whole pixels in 16-bit floats.
attribute vec2 a_pos;
uniform mat3 u_pageToClip;
uniform vec2 u_origin;
uniform vec2 u_direction;
uniform float u_width;
varying float v_k;

void main() {
    vec3 p = u_pageToClip * vec3(a_pos, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_k = dot(a_pos - u_origin, u_direction) / max(u_width, 1.0);
}
