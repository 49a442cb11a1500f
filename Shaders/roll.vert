// The roll's vertex shader. Everything that is large in magnitude (page-space positions, up to several
// thousand pixels) is turned here, in highp, into what the fragment stage needs small: the distances
// from the axis and to the rim, the distances to the page's edges of the point and of its mirror image
// across the line where the cylinder's top lies (s = πr/2: where the folded flap puts a point of the
// flat page), and both points' texture coordinates. All are affine in the position, so the interpolated
// values are exact; the fragment adds the one nonlinear part, the unrolling along the normal.
attribute vec2 a_pos;
uniform mat3 u_pageToClip;
uniform vec2 u_pageSize;
uniform vec2 u_axisPoint;
uniform vec2 u_axisNormal;
uniform float u_radius;
uniform float u_mirror;
// The part of each texture its image fills (1, 1 unless padded to powers of two).
uniform vec2 u_frontScale;
uniform vec2 u_backScale;
// (s, r − s): signed distance from the axis (positive towards the rim) and to the rim.
varying vec2 v_axis;
// Distances of the point to the page's left, top, right and bottom edges; of its mirror image (v_edgeB).
varying vec4 v_edgeF;
varying vec4 v_edgeB;
// Texture coordinates of the point (front texture) and of its mirror image (back texture, x mirrored
// when the back is a page of its own).
varying vec2 v_uvF;
varying vec2 v_uvB;

void main() {
    vec3 c = u_pageToClip * vec3(a_pos, 1.0);
    gl_Position = vec4(c.xy, 0.0, 1.0);
    const float PI = 3.14159265358979;
    float s = dot(a_pos - u_axisPoint, u_axisNormal);
    v_axis = vec2(s, u_radius - s);
    vec2 m = a_pos + u_axisNormal * (PI * u_radius - 2.0 * s);
    v_edgeF = vec4(a_pos, u_pageSize - a_pos);
    v_edgeB = vec4(m, u_pageSize - m);
    v_uvF = a_pos / u_pageSize * u_frontScale;
    vec2 ub = m / u_pageSize;
    // Linear, not abs(u_mirror − x): the mirror point may lie off the page where the looked-up point does not.
    v_uvB = vec2(mix(ub.x, 1.0 - ub.x, u_mirror), ub.y) * u_backScale;
}
