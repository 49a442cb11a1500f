// Turning page: the flat page mesh (page-space pixels) is rolled over a cylinder here.
// A point at signed distance d from the axis line (normal u_axisNormal points to the free side):
//   d <= 0        flat:    p,                                     z = 0
//   0 < d < pi r  wrapped: p - n d + n r sin(d/r),                z = r (1 - cos(d/r))
//   d >= pi r     folded:  p - n d - n (d - pi r),                z = 2 r
// The same formulas are the Curl module's CPU reference (Cylinder.deform).
// The mesh's strips are thin across the roll (the chord sags under a fifth of a pixel), so the light,
// a function of d alone, is exact at every vertex and interpolates smoothly: the fragment stage is left
// with one texture read. Variants: BACK draws the faces turned away (d > pi r / 2) and mirrors the
// texture coordinates when BACK_PAGE (spreads: the next page seen from behind).
attribute vec2 a_pos;
uniform vec2 u_pageSize;
uniform mat3 u_pageToClip;
uniform vec2 u_axisPoint;
uniform vec2 u_axisNormal;
uniform float u_radius;
varying vec2 v_uv;
varying vec2 v_page;
varying float v_shade;
varying float v_highlight;
// Distance (page pixels) from the roll's outline as seen from above, where the surface turns away.
varying float v_rim;

void main() {
    const float PI = 3.14159265358979;
    vec2 n = u_axisNormal;
    float r = max(u_radius, 0.001);
    float d = dot(a_pos - u_axisPoint, n);
    vec2 p = a_pos;
    float nz = 1.0;
    float along = 0.0;
    float rim = 1.0e6;
    if (d > 0.0) {
        if (d < PI * r) {
            float a = d / r;
            p = a_pos - n * d + n * (r * sin(a));
            nz = cos(a);
            along = -sin(a);
            rim = r - r * sin(a);
        } else {
            p = a_pos - n * (2.0 * d - PI * r);
            nz = -1.0;
        }
    }
    vec3 c = u_pageToClip * vec3(p, 1.0);
    gl_Position = vec4(c.xy, 0.0, 1.0);
    v_uv = a_pos / u_pageSize;
#ifdef BACK_PAGE
    v_uv.x = 1.0 - v_uv.x;
#endif
    v_page = a_pos;
    // Diffuse light from above and a little toward the spine, plus a soft highlight on the roll.
    float anz = abs(nz);
    float h = max(0.0, 1.0 - abs(along + 0.45) * 2.2);
    v_shade = 0.62 + 0.38 * anz;
    v_highlight = h * h * h * 0.12 * (1.0 - anz);
    v_rim = rim;
}
