// The turning page's roll and the folded flap's outline, seen from above, drawn as one band along the
// axis (plus the thin outline) instead of many thin strips: software renderers shade whole 4×4 blocks,
// so each strip a pixel or two wide paid for several times its pixels. v_page is where the fragment
// lies, in the turning page's space; the cylinder puts two points of the page over it, one on the
// front face (distance asin(s/r) r from the axis) and, above it, one on the turned-away face (π r minus
// that). Beyond the axis (s < 0) those are the flat page and the folded flap lying on it.
// Light is the mesh's formula per fragment; the back is the next page's image mirrored (spreads,
// u_mirror 1) or the front seen through the paper (u_backStrength 0.22).
uniform sampler2D u_front;
uniform sampler2D u_back;
uniform vec4 u_paper;
uniform vec2 u_pageSize;
uniform vec2 u_axisPoint;
uniform vec2 u_axisNormal;
uniform float u_radius;
uniform float u_aaScale;
uniform float u_frontStrength;
uniform float u_backStrength;
uniform float u_mirror;
// A fading leaf (a single page's, lying down on the background) shows this much over what lies beneath.
uniform float u_opacity;
varying vec2 v_page;

// Analytic antialiasing: the outermost pixel of the page's outline and of the roll's rim fades out. Points
// off the page are not drawn at all, as a mesh cut at the outline would not cover them.
float coverage(vec2 p, float rim) {
    vec2 edge = min(p, u_pageSize - p) * u_aaScale;
    float inside = min(min(edge.x, edge.y), rim * u_aaScale);
    return inside < 0.0 ? 0.0 : min(inside + 0.5, 1.0);
}

void main() {
    const float PI = 3.14159265358979;
    float r = u_radius;
    float s = dot(v_page - u_axisPoint, u_axisNormal);
    float x = clamp(s / r, 0.0, 1.0);
    float front = s < 0.0 ? s : r * asin(x);
    vec2 pf = v_page + u_axisNormal * (front - s);
    vec2 pb = v_page + u_axisNormal * (PI * r - front - s);
    float rim = r - s;
    float af = coverage(pf, rim);
    float ab = coverage(pb, rim);
    vec2 uf = pf / u_pageSize;
    vec2 ub = pb / u_pageSize;
    ub.x = abs(u_mirror - ub.x);
    vec4 tf = texture2D(u_front, uf);
    vec4 tb = texture2D(u_back, ub);
    float anz = sqrt(1.0 - x * x);
    float h = max(0.0, 1.0 - abs(0.45 - x) * 2.2);
    float shade = 0.62 + 0.38 * anz;
    vec3 highlight = vec3(h * h * h * 0.12 * (1.0 - anz));
    vec3 cf = mix(u_paper.rgb, tf.rgb, u_frontStrength * tf.a) * shade + highlight;
    vec3 cb = mix(u_paper.rgb, tb.rgb, u_backStrength * tb.a) * shade + highlight;
    // The turned-away face over the front face: premultiplied sum, divided back for the over-blend.
    float a = ab + af * (1.0 - ab);
    gl_FragColor = vec4((cb * ab + cf * (af * (1.0 - ab))) / max(a, 1.0e-4), a * u_opacity);
}
