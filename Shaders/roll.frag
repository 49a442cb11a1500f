// The turning page's roll and the folded flap's outline, seen from above, drawn as one band along the
// axis (plus the thin outline) instead of many thin strips: software renderers shade whole 4×4 blocks,
// so each strip a pixel or two wide paid for several times its pixels. A fragment at distance s from the
// axis has, for 0 ≤ s ≤ r, two points of the page over it: on the front face the point r·asin(s/r) from
// the axis, and above it, on the turned-away face, the point π r minus that. Both are the fragment's own
// page point, or its mirror image across s = πr/2 (roll.vert), moved along the normal by
//   d = r·asin(s/r) − s   (0 for s < 0: there they are the flat page and the folded flap lying on it).
// Light is the mesh's formula per fragment; the back is the next page's image mirrored (spreads) or the
// front seen through the paper (u_backStrength 0.22).
//
// Written for mediump (16-bit floats: 11 significant bits, as on Mali-400/lima): only small magnitudes
// are computed here. d is taken from s near the axis and from the distance to the rim u = r − s near the
// rim, each as a short series in a variable ≤ 1/2 (no asin of a value near 1, no difference of large
// terms); the edges' distances are the vertex stage's plus ±d, so they are small exactly where the
// antialiasing needs them.
// Error bound in mediump, radii up to 200 px and pages up to 4,096 px (RendererTests/MediumpReference-
// Tests evaluates this arithmetic in Float16 against Double): coverage within 0.1 px, the unrolling d
// within 0.25 px (0.15 measured at r = 200), colour within 2/255; the texture coordinate (a value in
// [0, 1], rounded as the varying and as the sum) within 1.5 texels on textures up to 2,048 texels
// (today's arithmetic, from page-space positions: 8 px coverage, 29 px unrolling, 17 texels).
uniform sampler2D u_front;
uniform sampler2D u_back;
uniform vec4 u_paper;
uniform float u_rollRadius;
// r (π/2 − 1): d at the rim; r/2 and 1/(2r).
uniform float u_rimUnroll;
uniform float u_halfRadius;
uniform float u_halfInverseRadius;
// (n, −n): how the distances to the left, top, right and bottom edges change per pixel along the normal n.
uniform vec4 u_edgeNormal;
// Texture coordinates per page pixel along the normal: front, back (mirrored when the back is a page).
uniform vec2 u_unrollFront;
uniform vec2 u_unrollBack;
uniform float u_aaScale;
uniform float u_frontStrength;
uniform float u_backStrength;
// A fading leaf (a single page's, lying down on the background) shows this much over what lies beneath.
uniform float u_opacity;
#ifdef TINTED_BACK
// A fading single page's roll: the turned-away face in the tint its flap shows over the page and the ground
// (SceneRenderer.drawRoll), not read from the texture.
uniform vec4 u_tint;
#endif
// HIDDEN_FRONT: drawn only where the turned-away face covers the front one (but for the rim's outermost pixel,
// where the sheet turns and both faces are the same point), so the front is not read either. On llvmpipe the
// two texture reads were two thirds of the roll's cost, which every pixel of a band pays.
varying vec2 v_axis;
varying vec4 v_edgeF;
varying vec4 v_edgeB;
varying vec2 v_uvF;
varying vec2 v_uvB;

// (asin(x) − x) / x³ for 0 ≤ x ≤ 1/2: the series to x⁸ (truncated below 2e-5 · x³).
float asinSeries(float q) {
    return 1.0 / 6.0 + q * (3.0 / 40.0 + q * (5.0 / 112.0 + q * (35.0 / 1152.0 + q * (63.0 / 2816.0))));
}

// Analytic antialiasing: the outermost pixel of the page's outline and of the roll's rim fades out. Points
// off the page are not drawn at all, as a mesh cut at the outline would not cover them.
float coverage(vec4 edges, float rim) {
    vec2 e = min(edges.xy, edges.zw);
    float inside = min(min(e.x, e.y), rim) * u_aaScale;
    return inside < 0.0 ? 0.0 : min(inside + 0.5, 1.0);
}

void main() {
    float r = u_rollRadius;
    float s = v_axis.x;
    float u = max(v_axis.y, 0.0);
    float d = 0.0;
    // sin and cos of the angle on the cylinder, for the light.
    float x = 0.0;
    float anz = 1.0;
    if (s > 0.0 && s < 0.5 * r) {
        x = s / r;
        d = s * x * x * asinSeries(x * x);
        anz = sqrt(1.0 - x * x);
    } else if (s > 0.0) {
        // asin(1 − e) = π/2 − 2 asin(w) with e = u/r ≤ 1/2 and w = sqrt(e/2) ≤ 1/2, so d = r (π/2 − 1) + u −
        // 2 r w (1 + w² S(w²)) with r w = sqrt(u r/2): square roots of single products (fewest roundings).
        float rw = sqrt(u * u_halfRadius);
        float w = sqrt(u * u_halfInverseRadius);
        d = (u_rimUnroll - 2.0 * rw) + u - 2.0 * rw * (w * w * asinSeries(w * w));
        float e = u / r;
        x = 1.0 - e;
        anz = sqrt(e * (2.0 - e));
    }
    // The rim unclamped: beyond it (u < 0) nothing is drawn.
    float af = coverage(v_edgeF + u_edgeNormal * d, v_axis.y);
    float ab = coverage(v_edgeB - u_edgeNormal * d, v_axis.y);
    float h = max(0.0, 1.0 - abs(0.45 - x) * 2.2);
    float shade = 0.62 + 0.38 * anz;
    vec3 highlight = vec3(h * h * h * 0.12 * (1.0 - anz));
    // The turned-away face over the front face.
    float a = ab + af * (1.0 - ab);
#ifdef TINTED_BACK
    vec3 cb = u_tint.rgb * shade + highlight;
#else
    vec4 tb = texture2D(u_back, v_uvB + u_unrollBack * d);
    vec3 cb = mix(u_paper.rgb, tb.rgb, u_backStrength * tb.a) * shade + highlight;
#endif
#ifdef HIDDEN_FRONT
    gl_FragColor = vec4(cb, a * u_opacity);
#else
    vec4 tf = texture2D(u_front, v_uvF + u_unrollFront * d);
    vec3 cf = mix(u_paper.rgb, tf.rgb, u_frontStrength * tf.a) * shade + highlight;
    // Premultiplied sum, divided back for the over-blend.
    gl_FragColor = vec4((cb * ab + cf * (af * (1.0 - ab))) / max(a, 1.0e-4), a * u_opacity);
#endif
}
